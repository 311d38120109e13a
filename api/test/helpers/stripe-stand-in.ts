// A local HTTP stand-in for the few Stripe endpoints the API calls (create and retrieve a PaymentIntent), so
// the tests drive the real `stripe` SDK (its form encoding, Idempotency-Key header, retries and errors) against
// 127.0.0.1. Like Stripe, a repeated Idempotency-Key with the same parameters answers the first response again,
// and with other parameters is an idempotency_error. Every request is recorded for the tests to inspect.
import { randomBytes } from 'node:crypto';
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

export class StripeStandIn {
  readonly requests: StandInRequest[] = [];
  readonly intents = new Map<string, StandInIntent>();
  /** Answers the next n requests with a 500, as an outage would (the SDK retries those). */
  failNext = 0;
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
    const path = (req.url ?? '').split('?')[0]!;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const params = parseForm(raw);
    this.requests.push({
      method: req.method ?? '',
      path,
      idempotencyKey,
      authorization: req.headers.authorization,
      params,
    });
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
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      if (idempotencyKey) {
        const seen = this.replays.get(idempotencyKey);
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
      if (idempotencyKey) this.replays.set(idempotencyKey, { params: raw, status: 200, body: intent });
      return send(200, intent);
    }
    const match = /^\/v1\/payment_intents\/(pi_[a-z0-9]+)$/.exec(path);
    if (req.method === 'GET' && match && this.intents.has(match[1]!))
      return send(200, this.intents.get(match[1]!));
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` },
    });
  }

  /** The event Stripe would send once the card payment of `intent` succeeded. */
  succeededEvent(intent: StandInIntent, fields: Partial<StandInIntent> & { amount_received?: number } = {}) {
    return {
      id: `evt_${token(12)}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type: 'payment_intent.succeeded',
      livemode: false,
      data: { object: { ...intent, status: 'succeeded', amount_received: intent.amount, ...fields } },
    };
  }
}
