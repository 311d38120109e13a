/** A failed save was already a toast (axios interceptor); the form keeps what was typed for another try. */
export const saveQuietly = async (run: () => Promise<void>) => run().catch(() => undefined);
