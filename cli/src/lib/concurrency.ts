/** Runs fn over items with at most `limit` calls in flight; results keep the order of items. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}

/**
 * Lets the event loop run: timers, and I/O such as the answer to a request sent earlier. A long stretch of
 * synchronous work or of promises that never wait on I/O (a fleet's tenants read with the synchronous calls)
 * otherwise holds back everything else, such as the listing pages a publish asks for while it plans.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
