// The delivery loop (webhooks/webhook-retry.ts) on its own, with a sender of the test's own and Vitest's clock:
// how many it claims beside the sends in flight, that claims never overlap, that a failure is only logged, and
// that closing waits for the work in flight and stops the timer. Mutation testing (stryker.config.mjs) found the
// loop's arithmetic unchecked: the webhook tests through the app only see deliveries arrive.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookSender } from '../src/services/webhooks/webhook-sender.js';
import { scheduleWebhookDeliveries } from '../src/services/webhooks/webhook-retry.js';

type Delivery = Awaited<ReturnType<WebhookSender['claim']>>[number];

/** A promise with its resolve and reject outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

/** A sender whose claims and sends wait until the test ends them. */
function fakeSender() {
  const claims: { limit: number; done: ReturnType<typeof deferred<Delivery[]>> }[] = [];
  const sends: ReturnType<typeof deferred<void>>[] = [];
  const sender = {
    claim: (limit: number) => {
      const done = deferred<Delivery[]>();
      claims.push({ limit, done });
      return done.promise;
    },
    send: () => {
      const done = deferred<void>();
      sends.push(done);
      return done.promise;
    },
  } as unknown as WebhookSender;
  return { sender, claims, sends };
}

/** The little of Fastify the loop uses: a warning log and the onClose hook. */
function fakeApp() {
  const warnings: string[] = [];
  const onClose: (() => Promise<void>)[] = [];
  const app = {
    log: { warn: (_: unknown, message: string) => warnings.push(message) },
    addHook: (name: string, hook: () => Promise<void>) => name === 'onClose' && onClose.push(hook),
  } as unknown as FastifyInstance;
  return { app, warnings, close: () => Promise.all(onClose.map((hook) => hook())) };
}

const deliveries = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }) as unknown as Delivery);

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('the webhook delivery loop', () => {
  it('claims up to 20 less the sends in flight, none while a claim is pending or 20 are in flight', async () => {
    const { sender, claims, sends } = fakeSender();
    const { app } = fakeApp();
    scheduleWebhookDeliveries(app, sender, 1_000);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(claims.map((c) => c.limit)).toEqual([20]);
    // The claim has not answered: the next tick does not claim beside it.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(claims).toHaveLength(1);

    claims[0]!.done.resolve(deliveries(15));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sends).toHaveLength(15);
    expect(claims.map((c) => c.limit)).toEqual([20, 5]);

    claims[1]!.done.resolve(deliveries(5));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sends).toHaveLength(20);
    expect(claims).toHaveLength(2);

    // One send ends: one place is free.
    sends[0]!.resolve();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(claims.map((c) => c.limit)).toEqual([20, 5, 1]);
  });

  it('logs a failed send and a failed claim, and goes on claiming', async () => {
    const { sender, claims, sends } = fakeSender();
    const { app, warnings } = fakeApp();
    scheduleWebhookDeliveries(app, sender, 1_000);

    await vi.advanceTimersByTimeAsync(1_000);
    claims[0]!.done.reject(new Error('database down'));
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings).toEqual(['claiming webhook deliveries failed']);

    await vi.advanceTimersByTimeAsync(1_000);
    claims[1]!.done.resolve(deliveries(1));
    await vi.advanceTimersByTimeAsync(0);
    sends[0]!.reject(new Error('recording failed'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(warnings).toEqual(['claiming webhook deliveries failed', 'recording a webhook delivery failed']);
    // The failed send left no place taken.
    expect(claims.at(-1)!.limit).toBe(20);
  });

  it('closes only after the claim and the sends in flight, and claims nothing after', async () => {
    const { sender, claims, sends } = fakeSender();
    const { app, close } = fakeApp();
    scheduleWebhookDeliveries(app, sender, 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    claims[0]!.done.resolve(deliveries(2));
    await vi.advanceTimersByTimeAsync(1_000);
    // A second claim is pending and two sends are in flight.
    expect(claims).toHaveLength(2);

    let closed = false;
    const closing = close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    sends[0]!.resolve();
    sends[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    // The pending claim answers with one more: its send is waited for too.
    claims[1]!.done.resolve(deliveries(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    sends[2]!.resolve();
    await closing;
    expect(closed).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(claims).toHaveLength(2);
  });
});
