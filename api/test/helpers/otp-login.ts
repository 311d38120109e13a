// The OTP login every test sign-in goes through (signIn in sign-in.ts for the harness, many-instances.test.ts
// across two API processes): the password to loginotp, then the mailed code to verifyOTP, from one address.
import type { TestUser } from './harness.js';
import { mailsTo, otpCode, waitForMail } from './mail.js';

/** A POST to the API from `ip`, in the user's tenant: its status and JSON body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
export type LoginPost = (url: string, ip: string, body: object) => Promise<{ status: number; body: any }>;

/** loginotp through `post`; returns the challenge and the code mailed for it (read from `mailDir`). */
export async function startOtp(
  post: LoginPost,
  mailDir: string,
  user: TestUser,
  ip: string,
  password: string,
): Promise<{ challenge: string; code: string }> {
  const before = (await mailsTo(mailDir, user.email)).length;
  const res = await post('/api/auth/loginotp', ip, { email: user.email, password });
  if (res.status !== 200) throw new Error(`loginotp ${res.status}: ${JSON.stringify(res.body)}`);
  const challenge = res.body.data.challenge as string;
  return { challenge, code: otpCode(await waitForMail(mailDir, user.email, before + 1)) };
}

/**
 * The whole login: loginotp through `start`, verifyOTP with the mailed code through `finish` (the same API, or
 * another instance of it on the same database). Returns the session token and the trusted-device token.
 */
export async function otpLogin(
  start: LoginPost,
  finish: LoginPost,
  mailDir: string,
  user: TestUser,
  ip: string,
  password: string,
): Promise<{ token: string; deviceToken: string }> {
  const { challenge, code } = await startOtp(start, mailDir, user, ip, password);
  const res = await finish('/api/v1/verifyOTP', ip, { user_id: user.id, challenge, otp: code });
  if (res.status !== 200) throw new Error(`verifyOTP ${res.status}: ${JSON.stringify(res.body)}`);
  return { token: res.body.data.access_token as string, deviceToken: res.body.device_token as string };
}
