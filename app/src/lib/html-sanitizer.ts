/**
 * The browser's second line against script in stored HTML (mail bodies, lesson descriptions): the API
 * sanitises before storing, and this runs right before rendering, so HTML stored before that (or by a bug)
 * cannot run script either. Links go only to http, https and mailto and open in a new tab without an opener;
 * everything that fetches or asks (images, media, styles with url(...), forms, frames) is dropped. Loaded only
 * by the pages that render such HTML (DOMPurify stays out of the login route).
 */
import DOMPurify from 'dompurify';

type Purify = ReturnType<typeof DOMPurify>;

/** Which tags and attributes stay: e.g. the rich-text rule of contracts/rich-text.ts (the API's own list). */
interface AllowList {
  tags: readonly string[];
  attributes: readonly string[];
}

/**
 * A sanitiser on its own DOMPurify instance; `configure` may add hooks to that instance only. With `allow`,
 * only those tags and attributes stay (the rule shared with the API); without, DOMPurify's HTML profile less
 * the forbidden tags below.
 */
export function createHtmlSanitizer(
  configure: (purify: Purify) => void = () => {},
  allow?: AllowList,
): (html: string) => string {
  const purify = DOMPurify(window);
  configure(purify);
  purify.addHook('afterSanitizeAttributes', (node) => {
    // Set after the attributes were checked, so DOMPurify (which drops `target` by default) keeps these.
    if (node.nodeName === 'A' && node instanceof Element && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (html) =>
    purify.sanitize(html, {
      ...(allow
        ? { ALLOWED_TAGS: [...allow.tags], ALLOWED_ATTR: [...allow.attributes] }
        : { USE_PROFILES: { html: true } }),
      ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
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
