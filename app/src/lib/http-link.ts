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

/**
 * A website as people type it ('example.com') made an address: https:// is added when no scheme is given, so
 * the API's http(s) rule is met and the link works. Anything else is left for the API to judge.
 */
export function withScheme(typed: string): string {
  const value = typed.trim();
  // Text with spaces is no address: left as typed, for the API's sentence to explain.
  if (!value || /\s/.test(value) || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return value;
  return `https://${value.replace(/^\/+/, '')}`;
}
