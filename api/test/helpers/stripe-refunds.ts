// The smallest stand-in of Stripe's Refunds endpoint (POST /v1/refunds) for the refund tests, until the shared
// stand-in (stripe-stand-in.ts) answers it: the real SDK calls it over HTTP, a repeated Idempotency-Key answers
// the first refund again as Stripe does, and `refuseNext` answers a card error as Stripe does for a refund it
// cannot make. Every refund made is kept for the tests to check.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export class StripeRefunds {
  readonly refunds: StandInRefund[] = [];
  readonly keys: string[] = [];
  refuseNext = 0;
  private readonly replays = new Map<string, StandInRefund>();
  private server?: Server;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_refunds' });
          res.end(JSON.stringify(body));
        };
        if (req.method !== 'POST' || req.url !== '/v1/refunds')
          return send(404, {
            error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' },
          });
        const key = req.headers['idempotency-key'] as string | undefined;
        if (key) this.keys.push(key);
        const seen = key ? this.replays.get(key) : undefined;
        if (seen) return send(200, seen);
        if (this.refuseNext > 0) {
          this.refuseNext--;
          return send(402, {
            error: { type: 'card_error', message: 'Stand-in: the card refused the refund.' },
          });
        }
        const params = new URLSearchParams(raw);
        const refund: StandInRefund = {
          id: `re_${randomBytes(8).toString('hex')}`,
          object: 'refund',
          amount: Number(params.get('amount')),
          payment_intent: params.get('payment_intent') ?? '',
          status: 'succeeded',
          metadata: { payment_id: params.get('metadata[payment_id]') ?? '' },
        };
        this.refunds.push(refund);
        if (key) this.replays.set(key, refund);
        send(200, refund);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }
}
