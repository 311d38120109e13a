/** A link (a meeting, a resource, a quiz) is offered only when it is http or https: never javascript:, data: or
 * anything else. */
export function httpLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
