// A message body is HTML from the sender: it is cut down to a short allow-list before it is stored, so what
// reaches the other party can hold no script, style, form or remote image (a tracking pixel would tell the
// sender when and where it was read). The app sanitises again when it renders.
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'i', 'em', 'strong', 'u', 'a', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code'],
  // rel is ours (transformTags), never the sender's.
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // <script>, <style> and friends go with their text; an <img> goes entirely.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const sanitizeBody = (html: string): string => sanitizeHtml(html, options);

/** The body as plain text, for the notification mail (which is text only). */
export const bodyText = (html: string): string =>
  sanitizeHtml(html.replace(/<(br|\/p|\/li|\/blockquote|\/pre)\b[^>]*>/gi, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
