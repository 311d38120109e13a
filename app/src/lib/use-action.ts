import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A mutation hook for the signed-out screens (login, OTP, password reset). React Query's useMutation would
 * pull the query library into the login route's JavaScript (SPEC budget: 140 KB gzip); these calls need no
 * cache, only "is it running" and the promise.
 */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(
    async (...args: A): Promise<R> => {
      setPending(true);
      try {
        return await action(...args);
      } finally {
        if (mounted.current) setPending(false);
      }
    },
    [action],
  );
  return { run, isPending };
}
