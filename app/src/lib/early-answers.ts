/**
 * The answers index.html's inline script asked for before the app's script arrived (boot/early-pages): each
 * under the call's method, address and body, with the token it was sent with. A call of the app that matches
 * one, for the same session, takes that answer instead of asking again; each is taken once, so a later refetch
 * asks the server. Only a 2xx answer is taken: a refusal or a network failure is asked again, so that the
 * app's own error handling (the session ending on a 401, the error toast) sees it as it always does.
 */
type Answer = { status: number; body: string };

interface EarlyAnswer {
  key: string;
  token: string;
  /** The status and the raw body; null when the request failed. */
  answer: Promise<Answer | null>;
}

declare global {
  interface Window {
    portalEarly?: EarlyAnswer[];
  }
}

export const earlyKey = (method: string, url: string, body: string): string =>
  `${method.toUpperCase()} ${url} ${body}`;

/**
 * The matching early answer, taken (a success, or null for anything else), or null at once when there is
 * none for this call and session.
 */
export function takeEarlyAnswer(key: string, token: string): Promise<Answer | null> | null {
  const pending = typeof window === 'undefined' ? undefined : window.portalEarly;
  const entry = pending?.find((early) => early.key === key && early.token === token);
  if (!pending || !entry) return null;
  pending.splice(pending.indexOf(entry), 1);
  return entry.answer.then((answer) =>
    answer && answer.status >= 200 && answer.status < 300 ? answer : null,
  );
}
