/**
 * Idle logout (SPEC §9): 3,600,000 ms without activity, activity debounced 250 ms. Time is measured on the
 * wall clock (Date.now), not by a timer counting down: timers stop while a laptop sleeps, the clock does not,
 * so a machine that wakes after two hours is logged out on the first check. Activity is shared between tabs
 * through local storage, so reading in one tab keeps the others signed in too.
 */
import { ACTIVITY_KEY, IDLE_TIMEOUT_MS } from './idle-limit';

export { IDLE_LOGGED_OUT, IDLE_TIMEOUT_MS } from './idle-limit';
export const ACTIVITY_DEBOUNCE_MS = 250;
/** The warning with 'Stay signed in' shows this long before the logout (beyond the spec). */
export const IDLE_WARNING_MS = 60_000;
const CHECK_EVERY_MS = 1000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

interface IdleCallbacks {
  /** Called every check while inside the warning window, with the time left before logout. */
  onWarn(remainingMs: number): void;
  /** Called when activity (here or in another tab) ends the warning. */
  onActive(): void;
  onIdle(): void;
}

export interface IdleWatch {
  /** Counts as activity right now (the 'Stay signed in' button). */
  touch(): void;
  stop(): void;
}

function storedActivity(): number {
  try {
    return Number(window.localStorage.getItem(ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

export function watchIdle(callbacks: IdleCallbacks, target: Window = window): IdleWatch {
  let last = Date.now();
  let warned = false;
  let stopped = false;
  let debounce: ReturnType<typeof setTimeout> | undefined;

  // The time of the activity itself, not of the debounce firing: a debounce still pending when the laptop went
  // to sleep fires on wake, and must not count the wake-up as activity.
  const record = (at = Date.now()) => {
    last = at;
    try {
      window.localStorage.setItem(ACTIVITY_KEY, String(last));
    } catch {
      // Without storage the activity is only known to this tab.
    }
  };

  const check = () => {
    if (stopped) return;
    const idleFor = Date.now() - Math.max(last, storedActivity());
    if (idleFor >= IDLE_TIMEOUT_MS) {
      stop();
      callbacks.onIdle();
    } else if (idleFor >= IDLE_TIMEOUT_MS - IDLE_WARNING_MS) {
      warned = true;
      callbacks.onWarn(IDLE_TIMEOUT_MS - idleFor);
    } else if (warned) {
      warned = false;
      callbacks.onActive();
    }
  };

  const onActivity = () => {
    // While the warning shows, only an explicit answer counts: moving the mouse to read it is not consent.
    if (warned) return;
    const at = Date.now();
    clearTimeout(debounce);
    debounce = setTimeout(() => record(at), ACTIVITY_DEBOUNCE_MS);
  };

  // Check at once when the page comes back (wake from sleep, tab switch) instead of waiting for the interval.
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };

  record();
  const interval = setInterval(check, CHECK_EVERY_MS);
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onActivity, { passive: true });
  target.addEventListener('focus', check);
  document.addEventListener('visibilitychange', onVisible);

  function stop() {
    stopped = true;
    clearInterval(interval);
    clearTimeout(debounce);
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity);
    target.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', onVisible);
  }

  return {
    touch() {
      record();
      check();
    },
    stop,
  };
}
