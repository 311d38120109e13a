// When a delivery that failed is tried again: 30 s after the first failure, doubling, at most 6 hours apart, each
// wait drawn between half and all of that ("equal jitter"), so receivers that came back at once are not hit by
// every instance's backlog in the same second. Tries go on for three days from the event (or "Send again").

export const keepTryingMs = 3 * 24 * 60 * 60_000;
const firstDelayMs = 30_000;
/** The longest wait, as a number of first waits (6 hours of 30 s). */
const longestInFirstDelays = 720;

/**
 * The wait after the `attempts`-th failed try; `random` in [0, 1) (Math.random outside tests). `first` scales
 * the whole schedule: tests cannot move the job queue's clock (the database's), so they wait 50 ms, not 30 s.
 */
export function retryDelayMs(attempts: number, random: number, first = firstDelayMs): number {
  const ceiling = Math.min(first * 2 ** Math.max(attempts - 1, 0), first * longestInFirstDelays);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
