// The Stripe SDK, configured from the API's environment. STRIPE_API_URL points the SDK at another host (a local
// stand-in of the few endpoints used, in tests) through its own host / port / protocol options, so every call
// still goes through the real SDK: its request encoding, idempotency header and error types.
import Stripe from 'stripe';

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

export function createStripe(options: StripeOptions): Stripe | null {
  if (!options.secretKey) return null;
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (options.apiUrl) {
    const url = new URL(options.apiUrl);
    config.host = url.hostname;
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    if (url.port) config.port = Number(url.port);
  }
  return new Stripe(options.secretKey, config);
}
