// The Stripe SDK, configured from the API's environment. STRIPE_API_URL points the SDK at another host (a local
// stand-in of the few endpoints used, in tests) through its own host / port / protocol options, so every call
// still goes through the real SDK: its request encoding, idempotency header and error types.
// The SDK is loaded at the first payment call, not with the API: a few hundred milliseconds of every start
// (each browser test file starts one) that most starts never use.
import type Stripe from 'stripe';

export interface StripeOptions {
  /** sk_test_... or sk_live_...: unset turns payments off (create-intent answers 503). */
  secretKey?: string | undefined;
  /** whsec_...: the webhook's signing secret; unset refuses every webhook. */
  webhookSecret?: string | undefined;
  /** Where the Stripe API is, e.g. http://127.0.0.1:12111; unset is Stripe's own. */
  apiUrl?: string | undefined;
}

/** The SDK's signature check accepts an event signed at most this many seconds before it arrives. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The SDK's module, once. */
export const stripeSdk = (() => {
  let loading: Promise<typeof Stripe> | undefined;
  return () => (loading ??= import('stripe').then((m) => m.default));
})();

/** A client of the configured account, made at its first use; null when payments are off. */
export function createStripe(options: StripeOptions): (() => Promise<Stripe>) | null {
  const { secretKey } = options;
  if (!secretKey) return null;
  let client: Promise<Stripe> | undefined;
  return () => (client ??= stripeSdk().then((Sdk) => new Sdk(secretKey, stripeConfig(options))));
}

function stripeConfig(options: StripeOptions): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (options.apiUrl) {
    const url = new URL(options.apiUrl);
    config.host = url.hostname;
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    if (url.port) config.port = Number(url.port);
  }
  return config;
}
