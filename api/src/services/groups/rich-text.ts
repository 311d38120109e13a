// A coach's rich text (lesson bodies) cut to the one rule of contracts/rich-text.ts, the same list the app's
// sanitiser is built from: applied before storing and again when answering, so rows stored before the rule (or
// by the seed, or by another door) come out inert too.
import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_TAGS,
  isAllowedLink,
} from '../../../../contracts/rich-text.js';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes, 'rel', 'target']]),
  ),
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // <script>, <style> and friends go with their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  transformTags: {
    // rel and target are ours, never the author's; a link the rule refuses keeps its text and loses its address.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const kept: Record<string, string> = isAllowedLink(href)
        ? { href, rel: 'noopener noreferrer', target: '_blank' }
        : {};
      return { tagName, attribs: kept };
    },
  },
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, options);
