/**
 * The rule for rich text a coach writes (lesson bodies), shared by the API, which applies it before storing and
 * when answering, and the app, which applies it again right before rendering: one list, so the two cannot
 * drift. Only text formatting and links to http, https and mailto; nothing that runs, fetches or asks (no
 * script, style, image, media, frame or form), and no attribute beyond a link's address.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
] as const;

/** Per tag, the attributes kept; rel and target on links are set by the sanitiser, never taken from input. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href'] };

export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Whether a link address may stay: an absolute http(s) or mailto address. */
export function isAllowedLink(href: string): boolean {
  return /^(?:https?:\/\/[^\s/]|mailto:\S)/i.test(href.trim());
}
