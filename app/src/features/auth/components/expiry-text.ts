/**
 * How long a mailed code or link works, in words, from the `expires_in` seconds the API answers with it: the
 * API owns the expiry (api/src/services/auth), so the screens never write a number of their own.
 */
export function expiryText(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
