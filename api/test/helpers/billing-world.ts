// The billing tests' world: the Stripe stand-in wired to an app's signed webhook (its events signed with the
// SDK's own helper at the harness clock), a coach with a meeting type, their clients, and an admin.
import type { FastifyInstance } from 'fastify';
import { ALPHA, nextIp } from './harness.js';
import type { Harness } from './harness.js';
import { call, newClient, newCoach, newType } from './booking.js';
import type { Coach } from './booking.js';
import { signIn } from './sign-in.js';
import type { Person } from './sign-in.js';
import type { StripeStandIn } from './stripe-stand-in.js';

export const WEBHOOK_SECRET = 'whsec_billing_test_secret';

/** The app options that point the API's Stripe SDK at the stand-in. */
export const stripeOptions = (stand: StripeStandIn) => ({
  stripe: { secretKey: 'sk_test_billing', webhookSecret: WEBHOOK_SECRET, apiUrl: stand.url },
});

/** Points the stand-in's emit() at `app`'s webhook route. */
export function wireWebhook(h: Harness, stand: StripeStandIn, app: () => FastifyInstance = () => h.app) {
  stand.target = {
    secret: WEBHOOK_SECRET,
    now: h.clock.now,
    post: (body, signature) =>
      app().inject({
        method: 'POST',
        url: '/integrations/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      }),
  };
}

export interface BillingWorld {
  coach: Coach;
  other: Coach;
  client: Person;
  admin: Person;
  typeId: number;
}

export async function billingWorld(h: Harness): Promise<BillingWorld> {
  const coach = await newCoach(h, 'Europe/Amsterdam');
  const other = await newCoach(h, 'Europe/Amsterdam');
  const client = await newClient(h, coach, 'Europe/Amsterdam');
  const admin = await signIn(h, { role_id: 1, tenant_id: ALPHA });
  const typeId = await newType(h, coach, { needs_credit: true });
  return { coach, other, client, admin, typeId };
}

/** Makes an offering through the seller's API (coach or admin); its answer. */
export async function newOffering(
  h: Harness,
  seller: Person,
  fields: Record<string, unknown>,
  role: 'coach' | 'admin' = 'coach',
) {
  const base = `/api/v1/${role}/offerings`;
  const res = await call(h, seller, 'POST', base, {
    kind: 'package',
    title: 'Six sessions',
    price: 60000,
    audience: 'clients',
    sessions: 6,
    valid_months: 6,
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`an offering: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; price: number; instalment: number | null };
}

let keys = 0;
/** A buy of the offering by `who` with this (or a new) key, on `app`. */
export const buy = (
  h: Harness,
  who: Person,
  offeringId: number,
  key = `buy-${Date.now()}-${++keys}`,
  app: FastifyInstance = h.app,
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/billing/offerings/${offeringId}/buy`,
    headers: { 'x-tenant-id': String(who.user.tenantId), authorization: `Bearer ${who.token}` },
    remoteAddress: nextIp(),
    payload: { idempotency_key: key },
  });
