/** What the user typed, as the HTML body the API stores: escaped, paragraphs kept, line breaks as <br>. */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function textToHtml(text: string): string {
  const escaped = text.trim().replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
  return escaped
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');
}
