// A sweep: work that only plans jobs (the jobs are the durable part), run when the instance is ready and then
// every `everyMs`, on every job-running instance at once (each sweep is safe to run twice). A timer per instance
// rather than a job of its own. Runs never overlap, the timer never keeps the process alive, and closing the app
// waits for a run under way. A failure is logged; the next run tries again.
import type { FastifyInstance } from 'fastify';

export function scheduleSweep(
  app: FastifyInstance,
  everyMs: number,
  failed: string,
  work: () => Promise<void>,
): void {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running.then(work).catch((error: unknown) => app.log.error({ err: error }, failed));
  };
  const timer = setInterval(sweep, everyMs).unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
