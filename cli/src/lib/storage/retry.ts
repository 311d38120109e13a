/**
 * Retries with exponential backoff and full jitter (the AWS architecture blog's recommendation): the delay
 * before attempt n+1 is random in [0, min(cap, base * 2^n)), which spreads a burst of throttled uploads out
 * instead of having them retry in lockstep.
 */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  baseMs: number;
  capMs: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseMs: 200, capMs: 5_000 };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
  return Math.floor((policy.random ?? Math.random)() * ceiling);
}

export async function withRetry<T>(
  action: () => Promise<T>,
  isRetryable: (error: unknown) => boolean,
  policy: RetryPolicy,
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      if (attempt >= policy.retries || !isRetryable(error)) throw error;
      const delay = backoffDelay(attempt, policy);
      onRetry?.(error, attempt + 1, delay);
      await (policy.sleep ?? wait)(delay);
    }
  }
}

/** A semaphore: at most `size` actions run at once, shared by every tenant of one publish. */
export function createLimiter(size: number): <T>(action: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  // A finished action hands its slot straight to the next waiter, so a newcomer cannot slip in between.
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  return async <T>(action: () => Promise<T>): Promise<T> => {
    if (active >= size) await new Promise<void>((resolve) => queue.push(resolve));
    else active++;
    try {
      return await action();
    } finally {
      release();
    }
  };
}
