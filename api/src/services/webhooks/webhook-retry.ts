// The delivery loop: every tick claims what is due, up to a ceiling of sends in flight, and starts each send on
// its own, so one slow receiver (held up to the send timeout) never holds the others or the next tick's claim.
// Claims never overlap, the timer never keeps the process alive, and closing the app waits for the sends in
// flight so the database is not closed under them. A database that is down is only logged: the next tick retries.
import type { FastifyInstance } from 'fastify';
import type { WebhookSender } from './webhook-sender.js';

/** Sends in flight per instance at most. */
const maxInFlight = 20;

export function scheduleWebhookDeliveries(
  app: FastifyInstance,
  sender: WebhookSender,
  everyMs: number,
): void {
  const inFlight = new Set<Promise<void>>();
  let claiming: Promise<void> | undefined;
  const tick = () => {
    if (claiming || inFlight.size >= maxInFlight) return;
    claiming = sender
      .claim(maxInFlight - inFlight.size)
      .then(
        (deliveries) => {
          for (const delivery of deliveries) {
            const sending: Promise<void> = sender
              .send(delivery)
              .catch((error: unknown) => app.log.warn({ err: error }, 'recording a webhook delivery failed'))
              .finally(() => inFlight.delete(sending));
            inFlight.add(sending);
          }
        },
        (error: unknown) => app.log.warn({ err: error }, 'claiming webhook deliveries failed'),
      )
      .finally(() => (claiming = undefined));
  };
  const timer = setInterval(tick, everyMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await claiming;
    await Promise.all(inFlight);
  });
}
