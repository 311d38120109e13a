// Waiting on a condition rather than for a time: the job queue's tests poll the database and the SMTP inbox.

/** Polls `probe` every 50 ms until it gives a value (not undefined or false); fails after `ms` with `context()`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  context: () => string = () => '',
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`no sign of ${what}:\n${context()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
