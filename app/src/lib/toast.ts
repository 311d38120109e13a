/**
 * Toasts (SPEC §8, §9): top right, closed after 5000 ms. react-toastify renders each toast with role="alert",
 * so screen readers announce it. A toast id equal to its text keeps one toast per message however many
 * requests fail the same way.
 */
import { toast } from 'react-toastify/unstyled';
import { sessionStore } from './session';

export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_POSITION = 'top-right' as const;

export const notify = {
  success: (message: string) => toast.success(message, { toastId: `ok:${message}` }),
  error: (message: string) => toast.error(message, { toastId: `error:${message}` }),
  info: (message: string) => toast.info(message, { toastId: `info:${message}` }),
  /** An error that must not vanish before it is read (why a session ended, what to do): closed by hand or a sign-in. */
  lasting: (message: string) => toast.error(message, { toastId: `error:${message}`, autoClose: false }),
};

/**
 * The signed-out screens' toasts ('A One-Time Password (OTP) has been sent...', a refused password, 'Session
 * Expired') are about a step that is over once the user is in, so a sign-in, here or in another tab, dismisses
 * them. Returns the unsubscribe function.
 */
export function dismissOnSignIn(): () => void {
  let signedIn = sessionStore.get() !== null;
  return sessionStore.subscribe(() => {
    const now = sessionStore.get() !== null;
    if (now && !signedIn) toast.dismiss();
    signedIn = now;
  });
}
