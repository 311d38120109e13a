/**
 * A message body as HTML that is safe to render (see @/lib/html-sanitizer); images are never fetched (a
 * remote image tells the sender when and where the mail was read, as mail clients know) and leave an '[image]'
 * note.
 */
import { createHtmlSanitizer } from '@/lib/html-sanitizer';

const IMAGE_NOTE = '[image]';

export const sanitizeBody = createHtmlSanitizer((purify) => {
  // The note goes in before the image, which the sanitiser's FORBID_TAGS then removes.
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'img') node.parentNode?.insertBefore(document.createTextNode(IMAGE_NOTE), node);
  });
});

/** A body's first words as plain text, for a list. DOMParser's document is inert: nothing runs or loads. */
export function snippet(html: string, length = 120): string {
  // A space after each line or block end, so '<p>Hi,</p><p>Here' reads 'Hi, Here', not 'Hi,Here'.
  const spaced = html.replace(/<(?:br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/td)\b[^>]*>/gi, '$& ');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
