import { useEffect, useState } from 'react';

/** A typed filter as it is once typing pauses (trimmed): the API is asked then, not on every key. */
export function useSettled(value: string): string {
  const [settled, setSettled] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), 300);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}
