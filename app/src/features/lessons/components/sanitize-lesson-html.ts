/**
 * A lesson's description as HTML that is safe to render (see @/lib/html-sanitizer). Images are dropped with
 * the rest: the lesson's own video has its player above the text.
 */
import { createHtmlSanitizer } from '@/lib/html-sanitizer';

export const sanitizeLessonHtml = createHtmlSanitizer();
