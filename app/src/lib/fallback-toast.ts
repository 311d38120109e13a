/**
 * SPEC §8's fallback toasts ('Unable to update commitment', 'Unable to send email'). The API client's handling
 * raises every error toast it has a message for, but a 500 is only logged (SPEC §8): without a fallback the
 * user would be told nothing. So the fallback shows exactly when that handling stayed silent.
 */
import { statusOf } from './api-call';
import { notify } from './toast';

export function toastFallback(error: unknown, message: string): void {
  if (statusOf(error) === 500) notify.error(message);
}
