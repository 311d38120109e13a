import { deviceToken } from '@/lib/session';

/** The answer of the calls that sign in and make this device trusted (verifyOTP, fbslogin). */
export interface SignedInAnswer {
  data: unknown;
  device_token?: string;
  device_expires_at?: string;
}

/** Keeps the trusted-device token so the next login here skips the OTP; returns the user. */
export function acceptSignedIn(answer: SignedInAnswer): unknown {
  if (answer.device_token) deviceToken.set(answer.device_token);
  return answer.data;
}
