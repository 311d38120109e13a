/**
 * A coach's rich text (a lesson's description, a meeting's recap) as HTML that is safe to render (see
 * @/lib/html-sanitizer), by the rich-text rule the API applies when it stores and answers it
 * (contracts/rich-text.ts): one list of tags and attributes, so the two cannot drift. Images are dropped with
 * the rest: a lesson's own video has its player above the text.
 */
import { createHtmlSanitizer } from '@/lib/html-sanitizer';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '../../../contracts/rich-text';

export const sanitizeRichText = createHtmlSanitizer(() => {}, {
  tags: RICH_TEXT_TAGS,
  attributes: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
});
