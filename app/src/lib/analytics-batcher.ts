/**
 * Batches lesson analytics (SPEC §4/§9) for every lesson page (group lessons, the business academy,
 * flash-coaching): changes are kept per key, the latest value winning, so a batch never holds two changes of
 * one field; every 5000 ms while a lesson page is open the batch is sent, and a change is removed only once a
 * send that carried it succeeded (a change recorded meanwhile stays). A failed send keeps the batch for the
 * next try. Leaving the page (unmount, a hidden tab, pagehide) sends at once with `keepalive`, so the request
 * outlives the page. The batcher outlives its pages: what a failed last send kept goes with the next page's
 * first send. Sends may overlap or repeat (a leave during a send), so each change carries a client id and time
 * and the API applies a field's change only if it is newer than the one it holds.
 */
export const ANALYTICS_FLUSH_MS = 5000;

interface BatchedChange {
  /** What the change sets (e.g. lesson, user group and field): a newer change of the same key replaces it. */
  key: string;
}

type SendBatch<C> = (changes: C[], options: { keepalive: boolean }) => Promise<unknown>;

export class AnalyticsBatcher<C extends BatchedChange> {
  private readonly pending = new Map<string, C>();
  private inFlight: Promise<boolean> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly send: SendBatch<C>,
    private readonly intervalMs = ANALYTICS_FLUSH_MS,
  ) {}

  record(change: C): void {
    this.pending.set(change.key, change);
    this.notify();
  }

  /** Drops what is pending (a logout: the next user must not send the last one's changes). */
  clear(): void {
    this.pending.clear();
    this.notify();
  }

  /** The changes not yet known to be saved, oldest key first. */
  unsent(): C[] {
    return [...this.pending.values()];
  }

  /** Called with no argument whenever the unsent changes or the sending state change. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isSending(): boolean {
    return this.inFlight !== null;
  }

  /**
   * Sends what is pending; resolves true when nothing sent failed. A timer flush waits for a send in flight
   * (the next tick sends what it did not carry); a leave flush (`keepalive`) sends at once whatever is pending.
   */
  flush({ keepalive = false } = {}): Promise<boolean> {
    if (this.pending.size === 0) return Promise.resolve(true);
    if (this.inFlight && !keepalive) return this.inFlight;
    const batch = this.unsent();
    const sending = this.send(batch, { keepalive }).then(
      () => {
        // Only what this send carried: a newer change of the same key has replaced it in the map.
        for (const change of batch)
          if (this.pending.get(change.key) === change) this.pending.delete(change.key);
        return true;
      },
      () => false,
    );
    const tracked = sending.finally(() => {
      if (this.inFlight === tracked) this.inFlight = null;
      this.notify();
    });
    this.inFlight = tracked;
    this.notify();
    return tracked;
  }

  /** A lesson page is open: flush on the interval and when the page is hidden or left. Returns the close. */
  open(): () => void {
    const timer = setInterval(() => void this.flush(), this.intervalMs);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void this.flush({ keepalive: true });
    };
    const onPageHide = () => void this.flush({ keepalive: true });
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      void this.flush({ keepalive: true });
    };
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
