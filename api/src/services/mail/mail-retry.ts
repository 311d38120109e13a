// The outbox's retry loop: every few seconds the due mail is tried again (mailer.ts). Tries never overlap,
// the timer never keeps the process alive, and closing the app waits for a try in progress so the database
// is not closed under it. A database that is down too is only logged: the next tick tries again.
import type { FastifyInstance } from 'fastify';
import type { Mailer } from './mailer.js';

export function scheduleMailRetry(app: FastifyInstance, mailer: Mailer, everyMs: number): void {
  let running: Promise<void> = Promise.resolve();
  const retry = () => {
    running = running
      .then(() => mailer.retryQueued())
      .then(
        (sent) => void (sent > 0 && app.log.info({ sent }, 'queued mail sent')),
        (error: unknown) => app.log.warn({ err: error }, 'retrying queued mail failed'),
      );
  };
  const timer = setInterval(retry, everyMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
