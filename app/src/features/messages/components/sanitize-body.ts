/**
 * A message body as HTML that is safe to render. The server sanitises before storing; this is the second
 * line, since a body written before that (or by a bug) must not run script here either. Links go only to
 * http, https and mailto and open in a new tab without an opener; images are never fetched (a remote image
 * tells the sender when and where the mail was read, as mail clients know) and leave an '[image]' note.
 */
import DOMPurify from 'dompurify';

// An own instance, so these hooks change no other use of DOMPurify.
const purify = DOMPurify(window);

const IMAGE_NOTE = '[image]';

// The note goes in before the image, which FORBID_TAGS then removes.
purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'img') node.parentNode?.insertBefore(document.createTextNode(IMAGE_NOTE), node);
});

purify.addHook('afterSanitizeAttributes', (node) => {
  // Set after the attributes were checked, so DOMPurify (which drops `target` by default) keeps these.
  if (node.nodeName === 'A' && node instanceof Element && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitizeBody(html: string): string {
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
    // Everything else that fetches or asks: media, styles (url(...)), forms and frames.
    FORBID_TAGS: [
      'img',
      'style',
      'link',
      'video',
      'audio',
      'source',
      'picture',
      'track',
      'form',
      'input',
      'button',
    ],
    FORBID_ATTR: ['style', 'srcset', 'background', 'poster'],
  });
}

/** A body's first words as plain text, for a list. DOMParser's document is inert: nothing runs or loads. */
export function snippet(html: string, length = 120): string {
  // A space after each line or block end, so '<p>Hi,</p><p>Here' reads 'Hi, Here', not 'Hi,Here'.
  const spaced = html.replace(/<(?:br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/td)\b[^>]*>/gi, '$& ');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
