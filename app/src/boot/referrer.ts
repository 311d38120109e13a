import { carriesToken } from '@/config/paths';

/**
 * index.html's policy (strict-origin) already keeps every path, and so the token, out of a Referer. On a token
 * route the app goes further and sends none at all, as `portal serve` does with its Referrer-Policy header
 * there, for a CDN that cannot set a header per path. It runs before the app's own first request, and the
 * stricter policy stays for the rest of this page load.
 */
export function hideTokenFromReferrer(pathname = window.location.pathname): void {
  if (!carriesToken(pathname)) return;
  document.querySelector('meta[name="referrer"]')?.setAttribute('content', 'no-referrer');
}
