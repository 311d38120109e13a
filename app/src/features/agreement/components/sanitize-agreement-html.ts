/**
 * An agreement's text as HTML that is safe to render (see @/lib/html-sanitizer), by the rich-text rule the API
 * applied when it was published (contracts/rich-text.ts): applied again here, right before rendering.
 */
import { createHtmlSanitizer } from '@/lib/html-sanitizer';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '../../../../../contracts/rich-text';

export const sanitizeAgreementHtml = createHtmlSanitizer(() => {}, {
  tags: RICH_TEXT_TAGS,
  attributes: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
});
