/**
 * The avatar of SPEC §2: the public avatar service keyed by a hash of the trimmed, lowercased email, size 50,
 * rating g, default image retro. SHA-256 (which the service accepts) comes from Web Crypto, so no hashing
 * library ships to the browser.
 */
export const AVATAR_SIZE = 50;

export async function avatarUrl(email: string): Promise<string> {
  const bytes = new TextEncoder().encode(email.trim().toLowerCase());
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  const hash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `https://www.gravatar.com/avatar/${hash}?s=${AVATAR_SIZE}&r=g&d=retro`;
}

/** A stored picture path ('/uploads/...') is served by the API; absolute https URLs are used as they are. */
export function apiAssetUrl(apiUrl: string, path: string): string | null {
  try {
    const url = new URL(path, new URL(apiUrl, window.location.href));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
