import type { TenantConfig } from '../tenants/types.js';
import { BOOT_SCRIPT_HASH } from './prerender.js';

/**
 * The Content-Security-Policy of a tenant's index.html: only this origin, the tenant's API and theme origins,
 * and the third parties the tenant turned on. Styles allow 'unsafe-inline' because the toast library injects
 * its stylesheet at run time; scripts never do.
 */
function originOf(url: string | undefined): string | null {
  if (!url || url.startsWith('/')) return null;
  return new URL(url).origin;
}

const stripeScriptAndFrameHosts = ['https://js.stripe.com', 'https://*.js.stripe.com'];

export function contentSecurityPolicy(config: TenantConfig): string {
  const connect = new Set(["'self'"]);
  // index.html's one inline script (its first screen, then the app's start), by its hash: any other is refused.
  const script = new Set(["'self'", BOOT_SCRIPT_HASH]);
  // blob: only: the /resources preview shows a PDF in a frame from an object URL of a file the app fetched
  // itself with the token (a plain URL cannot carry it). A blob: document is this origin's and inherits this
  // policy, so it cannot run script; object-src stays 'none' (Chromium's viewer needs no <embed> of ours).
  const frame = new Set<string>(['blob:']);
  // Lesson and group videos are video files played by <video>, hosted on this origin or the tenant's API
  // origin; no third-party player (YouTube, Vimeo) is embedded, so frames stay closed to other sites.
  const media = new Set(["'self'"]);
  const apiOrigin = originOf(config.apiUrl);
  if (apiOrigin) media.add(apiOrigin);
  for (const origin of [apiOrigin, originOf(config.themeUrl)]) if (origin) connect.add(origin);
  const integrations = config.integrations ?? {};
  if (integrations.captchaSiteKey) {
    script.add('https://www.google.com/recaptcha/').add('https://www.gstatic.com/recaptcha/');
    frame.add('https://www.google.com/recaptcha/');
  }
  // Stripe's documented hosts for Elements: Stripe.js and its frames, the API the card form calls, and the
  // 3-D Secure pages (hooks). Only a tenant with a publishable key can take payments, so only it allows them.
  if (integrations.stripePublishableKey) {
    for (const host of stripeScriptAndFrameHosts) script.add(host);
    for (const host of [...stripeScriptAndFrameHosts, 'https://hooks.stripe.com']) frame.add(host);
    connect.add('https://api.stripe.com');
  }
  if (integrations.analyticsContainerId) {
    // The container and the tags it loads (gtag.js) come from googletagmanager.com; Google Analytics 4 sends
    // its hits to regional hosts (region1.google-analytics.com, *.analytics.google.com), as Google's CSP guide
    // for Tag Manager lists them.
    script.add('https://*.googletagmanager.com');
    connect
      .add('https://*.google-analytics.com')
      .add('https://*.analytics.google.com')
      .add('https://*.googletagmanager.com');
  }
  const directives = [
    "default-src 'self'",
    `script-src ${[...script].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    // Avatars come from a public https service and logos may be https URLs.
    "img-src 'self' data: https:",
    "font-src 'self'",
    `media-src ${[...media].join(' ')}`,
    `connect-src ${[...connect].join(' ')}`,
    `frame-src ${[...frame].join(' ')}`,
    "object-src 'none'",
    // The tenant's manifest.webmanifest and /service-worker.js, both from this origin.
    "manifest-src 'self'",
    "worker-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  return directives.join('; ');
}
