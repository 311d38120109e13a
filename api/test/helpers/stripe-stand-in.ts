// A local HTTP stand-in for the few Stripe endpoints the API calls (PaymentIntents; and for billing, Customers,
// Products, Prices, Subscriptions, Invoices and Refunds), so the tests drive the real `stripe` SDK (its form
// encoding, Idempotency-Key header, retries and errors) against 127.0.0.1. Like Stripe, a repeated
// Idempotency-Key with the same parameters answers the first response again, and with other parameters is an
// idempotency_error. Every request is recorded for the tests to inspect. What it covers and where it differs
// from Stripe: STRIPE-STAND-IN.md beside it.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  params: Record<string, unknown>;
}

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  client_secret: string;
  status: string;
  description: string | null;
  metadata: Record<string, string>;
  livemode: false;
}

/** Stripe's form encoding (a[b]=c) back into nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const token = (n: number) => randomBytes(n).toString('hex');

/** A Billing object as the stand-in keeps it: Stripe's fields that the API reads, and no more. */
type Obj = Record<string, unknown> & { id: string };

/** Where emit() posts a signed event: the API's webhook route, by the test's own means (an inject). */
export interface WebhookTarget {
  secret: string;
  /** The API's clock: an event is signed at its now, as Stripe signs at the moment it sends. */
  now: () => Date;
  post(body: string, signature: string): Promise<{ statusCode: number; body: string }>;
}

const months = (interval: string, count: number) => (interval === 'year' ? 12 : 1) * count;
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** `from` plus whole calendar months, in UTC (Stripe anchors a period on the same day of the month). */
function addMonths(from: number, n: number): number {
  const d = new Date(from * 1000);
  d.setUTCMonth(d.getUTCMonth() + n);
  return seconds(d);
}

// The SDK's own signer of test webhooks: no key is used and no request leaves the machine.
const signer = new Stripe('sk_test_signing_only');

export class StripeStandIn {
  readonly requests: StandInRequest[] = [];
  readonly intents = new Map<string, StandInIntent>();
  readonly customers = new Map<string, Obj>();
  readonly products = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  /** Answers the next n requests with a 500, as an outage would (the SDK retries those). */
  failNext = 0;
  /** Where emit() delivers; unset: emit() throws. */
  target?: WebhookTarget;
  /** The stand-in's "now" for periods and objects' created: the API's clock when a target is set. */
  now: () => Date = () => this.target?.now() ?? new Date();
  private readonly replays = new Map<string, { params: string; status: number; body: unknown }>();
  private server?: Server;

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const [path, query = ''] = (req.url ?? '').split('?') as [string, string?];
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const params = { ...parseForm(query), ...parseForm(raw) };
    const method = req.method ?? '';
    this.requests.push({ method, path, idempotencyKey, authorization: req.headers.authorization, params });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${token(6)}` });
      res.end(JSON.stringify(body));
    };
    if (this.failNext > 0) {
      this.failNext--;
      return send(500, { error: { type: 'api_error', message: 'Stand-in outage.' } });
    }
    if (!req.headers.authorization?.startsWith('Bearer sk_test_'))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    if (method === 'POST' && idempotencyKey) {
      const seen = this.replays.get(`${path} ${idempotencyKey}`);
      if (seen && seen.params !== raw)
        return send(400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      if (seen) return send(seen.status, seen.body);
    }
    let answer: { status: number; body: unknown };
    try {
      answer = { status: 200, body: this.route(method, path, params) };
    } catch (error) {
      answer = {
        status: error instanceof StandInError ? error.status : 500,
        body: { error: { type: 'invalid_request_error', message: (error as Error).message } },
      };
    }
    if (method === 'POST' && idempotencyKey && answer.status < 500)
      this.replays.set(`${path} ${idempotencyKey}`, { params: raw, ...answer });
    send(answer.status, answer.body);
  }

  private route(method: string, path: string, params: Record<string, unknown>): unknown {
    const [, , resource, id, action] = path.split('/');
    const one = (map: Map<string, Obj>) => {
      const found = map.get(id ?? '');
      if (!found) throw new StandInError(404, `No such object: '${id}'`);
      return found;
    };
    if (resource === 'payment_intents' && method === 'POST' && !id) return this.newIntent(params);
    if (resource === 'payment_intents' && method === 'GET' && id) return one(this.intentsAsObjs());
    if (resource === 'customers' && method === 'POST' && !id) return this.customer(params);
    if (resource === 'products' && method === 'POST' && !id)
      return this.keep(this.products, { id: `prod_${token(8)}`, object: 'product', name: params.name });
    if (resource === 'prices' && method === 'POST' && !id) return this.price(params);
    if (resource === 'prices' && method === 'GET' && id) return one(this.prices);
    if (resource === 'subscriptions' && method === 'POST' && !id) return this.subscribe(params);
    if (resource === 'subscriptions' && method === 'POST' && id)
      return this.update(one(this.subscriptions), params);
    if (resource === 'subscriptions' && method === 'GET' && id)
      return this.expand(one(this.subscriptions), params);
    if (resource === 'subscriptions' && method === 'DELETE' && id) return this.end(one(this.subscriptions));
    if (resource === 'invoices' && method === 'GET' && id && !action) return one(this.invoices);
    if (resource === 'refunds' && method === 'POST' && !id) return this.refund(params);
    throw new StandInError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  private intentsAsObjs() {
    return this.intents as unknown as Map<string, Obj>;
  }

  private keep(map: Map<string, Obj>, obj: Obj): Obj {
    map.set(obj.id, obj);
    return obj;
  }

  private newIntent(params: Record<string, unknown>): StandInIntent {
    const id = `pi_${token(12)}`;
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount: Number(params.amount),
      currency: String(params.currency),
      client_secret: `${id}_secret_${token(12)}`,
      status: 'requires_payment_method',
      description: typeof params.description === 'string' ? params.description : null,
      metadata: (params.metadata ?? {}) as Record<string, string>,
      livemode: false,
    };
    this.intents.set(id, intent);
    return intent;
  }

  private customer(params: Record<string, unknown>): Obj {
    return this.keep(this.customers, {
      id: `cus_${token(8)}`,
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: params.metadata ?? {},
    });
  }

  private price(params: Record<string, unknown>): Obj {
    if (!this.products.has(String(params.product))) throw new StandInError(400, 'No such product.');
    const recurring = params.recurring as { interval: string; interval_count?: string } | undefined;
    return this.keep(this.prices, {
      id: `price_${token(8)}`,
      object: 'price',
      product: params.product,
      currency: params.currency,
      unit_amount: Number(params.unit_amount),
      recurring: recurring
        ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) }
        : null,
      metadata: params.metadata ?? {},
    });
  }

  /** A subscription whose first invoice waits for the card (payment_behavior default_incomplete). */
  private subscribe(params: Record<string, unknown>): unknown {
    if (!this.customers.has(String(params.customer))) throw new StandInError(400, 'No such customer.');
    if (params.payment_behavior !== 'default_incomplete')
      throw new StandInError(400, 'The stand-in knows payment_behavior default_incomplete only.');
    const items = Object.values((params.items ?? {}) as Record<string, { price: string }>);
    const price = this.prices.get(items[0]?.price ?? '');
    if (items.length !== 1 || !price?.recurring) throw new StandInError(400, 'One recurring price, please.');
    const start = seconds(this.now());
    const id = `sub_${token(8)}`;
    const extra = Object.values(
      (params.add_invoice_items ?? {}) as Record<string, { price_data: { unit_amount: string } }>,
    ).reduce((sum, item) => sum + Number(item.price_data.unit_amount), 0);
    const sub: Obj = {
      id,
      object: 'subscription',
      customer: params.customer,
      status: 'incomplete',
      cancel_at_period_end: false,
      cancel_at: params.cancel_at ? Number(params.cancel_at) : null,
      metadata: params.metadata ?? {},
      items: { object: 'list', data: [this.item(price, start)] },
      latest_invoice: null,
    };
    this.subscriptions.set(id, sub);
    sub.latest_invoice = this.invoiceFor(sub, 'subscription_create', extra).id;
    return this.expand(sub, params);
  }

  private item(price: Obj, start: number) {
    const { interval, interval_count } = price.recurring as { interval: string; interval_count: number };
    return {
      id: `si_${token(8)}`,
      object: 'subscription_item',
      price,
      quantity: 1,
      current_period_start: start,
      current_period_end: addMonths(start, months(interval, interval_count)),
    };
  }

  private itemOf(sub: Obj) {
    return (sub.items as { data: ReturnType<StripeStandIn['item']>[] }).data[0]!;
  }

  /** An open invoice of the subscription's current period (amount: its price plus `extra`), with its intent. */
  private invoiceFor(sub: Obj, reason: string, extra = 0): Obj {
    const item = this.itemOf(sub);
    const amount = Number(item.price.unit_amount) + extra;
    const intent = this.newIntent({ amount, currency: item.price.currency, metadata: {} });
    const id = `in_${token(10)}`;
    return this.keep(this.invoices, {
      id,
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      billing_reason: reason,
      currency: item.price.currency,
      amount_due: amount,
      amount_paid: 0,
      total: amount,
      confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: `il_${token(8)}`,
            object: 'line_item',
            amount,
            currency: item.price.currency,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
      },
      payments: {
        object: 'list',
        data: [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: intent.id } }],
      },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
    });
  }

  private expand(sub: Obj, params: Record<string, unknown>): unknown {
    const wanted = Object.values((params.expand ?? {}) as Record<string, string>);
    if (!wanted.some((path) => path.startsWith('latest_invoice'))) return sub;
    return { ...sub, latest_invoice: this.invoices.get(String(sub.latest_invoice)) ?? null };
  }

  /** cancel_at_period_end, metadata, and a change of price (proration_behavior create_prorations only). */
  private update(sub: Obj, params: Record<string, unknown>): unknown {
    if (params.cancel_at_period_end !== undefined)
      sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
    if (params.metadata) sub.metadata = { ...(sub.metadata as object), ...(params.metadata as object) };
    const items = Object.values((params.items ?? {}) as Record<string, { id: string; price: string }>);
    if (items.length > 0) {
      if (params.proration_behavior !== 'create_prorations')
        throw new StandInError(400, 'The stand-in prorates with create_prorations only.');
      const current = this.itemOf(sub);
      const price = this.prices.get(items[0]!.price);
      if (items[0]!.id !== current.id || !price)
        throw new StandInError(400, 'No such subscription item or price.');
      current.price = price;
    }
    return this.expand(sub, params);
  }

  private end(sub: Obj): Obj {
    sub.status = 'canceled';
    return sub;
  }

  private refund(params: Record<string, unknown>): Obj {
    const intent = this.intents.get(String(params.payment_intent));
    if (!intent) throw new StandInError(400, `No such payment_intent: '${String(params.payment_intent)}'`);
    const amount = params.amount === undefined ? intent.amount : Number(params.amount);
    if (amount > intent.amount) throw new StandInError(400, 'Refund amount is greater than the charge.');
    return this.keep(this.refunds, {
      id: `re_${token(10)}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: params.metadata ?? {},
    });
  }

  /** The event Stripe would send once the card payment of `intent` succeeded. */
  succeededEvent(intent: StandInIntent, fields: Partial<StandInIntent> & { amount_received?: number } = {}) {
    return this.event('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
      ...fields,
    });
  }

  /** An event of `type` about `object`, as Stripe builds one (a new id each time). */
  event(type: string, object: object) {
    return {
      id: `evt_${token(12)}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: seconds(this.now()),
      type,
      livemode: false,
      data: { object },
    };
  }

  /** Signs `event` with the SDK's test-header helper at the target's now and posts it to the API. */
  async emit(event: { type: string }) {
    if (!this.target) throw new Error('The stand-in has no webhook target.');
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: this.target.secret,
      timestamp: seconds(this.target.now()),
    });
    return this.target.post(payload, signature);
  }

  /**
   * The card of the subscription's open invoice is paid (or declined): the invoice's state and the events
   * Stripe sends for it, in its order (invoice.paid or invoice.payment_failed, then the subscription's update).
   */
  settle(subscriptionId: string, outcome: 'paid' | 'failed' = 'paid') {
    const sub = this.subscriptions.get(subscriptionId)!;
    const invoice = this.invoices.get(String(sub.latest_invoice))!;
    if (outcome === 'paid') {
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
      sub.status = 'active';
    } else sub.status = sub.status === 'incomplete' ? 'incomplete' : 'past_due';
    return [
      this.event(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', { ...invoice }),
      this.event('customer.subscription.updated', this.expand(sub, {}) as object),
    ];
  }

  /**
   * The subscription's period ends: a subscription set to cancel at period end (or whose cancel_at has come) is
   * cancelled (customer.subscription.deleted); any other starts its next period with a new open invoice, which
   * settle() then pays or declines.
   */
  renew(subscriptionId: string) {
    const sub = this.subscriptions.get(subscriptionId)!;
    const item = this.itemOf(sub);
    const end = item.current_period_end;
    const cancelAt = sub.cancel_at as number | null;
    if (sub.cancel_at_period_end === true || (cancelAt !== null && cancelAt <= end)) {
      sub.status = 'canceled';
      return [this.event('customer.subscription.deleted', { ...sub })];
    }
    const { interval, interval_count } = item.price.recurring as { interval: string; interval_count: number };
    Object.assign(item, {
      current_period_start: end,
      current_period_end: addMonths(end, months(interval, interval_count)),
    });
    sub.latest_invoice = this.invoiceFor(sub, 'subscription_cycle').id;
    return [];
  }
}

class StandInError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
