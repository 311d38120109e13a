// The Stripe SDK, configured from the API's environment. STRIPE_API_URL points the SDK at another host (a local
// stand-in of the few endpoints used, in tests) through its own host / port / protocol options, so every call
// still goes through the real SDK: its request encoding, idempotency header and error types.
// The SDK is loaded at the first payment call, not with the API: a few hundred milliseconds of every start
// (each browser test file starts one) that most starts never use.
import type Stripe from 'stripe';
import { HttpError } from '../../errors.js';

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
const stripeSdk = (() => {
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

export const paymentsNotConfigured = () => new HttpError(503, 'Payments are not configured for this portal.');

/**
 * Calls Stripe through the configured client: a failure that is the provider's, not a bug, is a 409 for a reused
 * Idempotency-Key and otherwise a logged 502 whose message is ours (no raw Stripe message reaches a person).
 */
export function stripeCaller(
  stripe: (() => Promise<Stripe>) | null,
  log: { error(obj: object, msg: string): void },
) {
  return async <T>(call: (s: Stripe) => Promise<T>): Promise<T> => {
    if (!stripe) throw paymentsNotConfigured();
    const client = await stripe();
    try {
      return await call(client);
    } catch (error) {
      const { errors } = await stripeSdk();
      if (error instanceof errors.StripeIdempotencyError)
        throw new HttpError(409, 'This Idempotency-Key was used for another purchase. Send a new key.');
      if (!(error instanceof errors.StripeError)) throw error;
      log.error({ err: error, type: error.type, stripe_request: error.requestId }, 'stripe call failed');
      throw new HttpError(502, 'The payment provider could not be reached. Please try again in a minute.');
    }
  };
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
