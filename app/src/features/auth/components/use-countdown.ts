import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a wall-clock deadline, ticking once a second. Measured on Date.now so a tab that was in
 * the background (timers throttled) still shows the right number when it comes back.
 */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [deadline, now]);

  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setDeadline(at + seconds * 1000);
  }, []);

  return { seconds: Math.max(0, Math.ceil((deadline - now) / 1000)), start };
}
