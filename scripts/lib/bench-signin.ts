/**
 * How a benchmark's simulated people sign in: the app's first login on a device, through the real OTP flow
 * (credentials, the code read from the mailed .eml, verifyOTP, which also trusts the device), each from an
 * address of their own (X-Forwarded-For, the API trusting the loopback as its balancer).
 */
import { otpFromMailFolder } from './mail-folder.js';

export async function post(
  url: string,
  tenantId: string,
  ip: string,
  body: object,
): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-id': tenantId, 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The app's first login on a device: credentials, the mailed code, verifyOTP (which trusts the device). */
export async function signIn(
  api: string,
  who: { tenantId: string; mailDir: string; email: string; password: string; ip: string },
) {
  const { tenantId, ip } = who;
  const since = Date.now() - 1000;
  const step = (
    await post(`${api}/api/auth/loginotp`, tenantId, ip, { email: who.email, password: who.password })
  ).data as { user_id: number; challenge: string };
  const otp = await otpFromMailFolder(who.mailDir, who.email, since);
  const signedIn = await post(`${api}/api/v1/verifyOTP`, tenantId, ip, {
    user_id: step.user_id,
    challenge: step.challenge,
    otp,
  });
  return {
    token: (signedIn.data as { access_token: string }).access_token,
    deviceToken: signedIn.device_token as string,
  };
}
