/**
 * The security headers of every answer of a tenant's origin, the ones the CDN in front of production must add
 * too (README, "Serving from a CDN"). The page's CSP is in index.html itself (a meta element, so it travels
 * with the file wherever it is hosted), but a meta CSP cannot say who may frame the page: that is a header.
 *
 * Strict-Transport-Security is sent on plain http as well: browsers ignore it there (RFC 6797 §8.1), and the
 * CDN, which answers over https, sends the same value.
 *
 * Referrer-Policy: strict-origin, as index.html's <meta name="referrer"> (which wins over the header for the
 * page's own requests): no request carries a path of the app in its Referer, only the origin. /reset/<token>
 * and /fbslogin/<token> hold a secret in the path and get no-referrer; the app turns its meta to no-referrer
 * on those routes too, for a CDN that cannot set a header per path.
 */
import { TOKEN_ROUTES } from '../site-layout.js';

const COMMON = {
  'Strict-Transport-Security': 'max-age=31536000',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Content-Security-Policy': "frame-ancestors 'self'",
};

function carriesToken(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  const first = decoded.split('/').find((segment) => segment !== '');
  return first !== undefined && TOKEN_ROUTES.includes(first);
}

export function securityHeaders(pathname: string): Record<string, string> {
  return {
    ...COMMON,
    'Referrer-Policy': carriesToken(pathname) ? 'no-referrer' : 'strict-origin',
  };
}
