import { deviceToken } from '@/lib/session';
import type { SignedInAnswer } from '../../../../../contracts/rest/auth';

/** The answer of the calls that sign in and make this device trusted (verifyOTP, fbslogin). */
export type { SignedInAnswer } from '../../../../../contracts/rest/auth';

/** Keeps the trusted-device token so the next login here skips the OTP; returns the user. */
export function acceptSignedIn(answer: SignedInAnswer): unknown {
  if (answer.device_token) deviceToken.set(answer.device_token);
  return answer.data;
}
