import { useEffect, useRef } from 'react';

/**
 * Moves the focus to the heading of each new step (a screen reader reads where the person now is; a keyboard
 * goes on from there), not on the page's first step: the ref goes on every step's heading, with tabIndex -1.
 */
export function useStepFocus(step: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  return heading;
}
