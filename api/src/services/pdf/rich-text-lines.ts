// Rich text (contracts/rich-text.ts, already sanitised) as the paragraphs a PDF prints: a block tag ends a
// paragraph, a list item starts with a bullet, a link keeps its text and shows its address. The tag set is the
// rule's small one, so a few patterns read it whole; entities are decoded once, at the end.
import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function richTextParagraphs(html: string): string[] {
  const marked = html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_all, href: string, text: string) =>
      text.trim() === href.trim() ? text : `${text} (${href})`,
    )
    .replace(/<li[^>]*>/gi, '\u2022 ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h2|h3|li|blockquote|pre|ul|ol)>/gi, '\n\n');
  // What is left of the tags goes; the text stays.
  const text = decode(sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }));
  return text
    .split(/\n{2,}/)
    .map((p) => p.replace(/[ \t]+/g, ' ').trim())
    .filter((p) => p !== '');
}
