import { api, type Envelope } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';
import { deviceToken } from '@/lib/session';
import { browserLabel, timeZoneLabel } from './device-label';
import type { Credentials, LoginStep } from '../../../../../contracts/rest/auth';
import { getCsrfCookie } from './get-csrf-cookie';

// The payload types are the API's schemas' (contracts/rest/auth.ts). verified: the server trusts this device and
// the full login may run without an OTP; challenge: the OTP the code belongs to (absent when verified).
export type { Credentials, LoginStep } from '../../../../../contracts/rest/auth';

/** The body every credentials call sends: the trusted-device token is what lets the server skip the OTP. */
export function credentialsBody(credentials: Credentials) {
  const device = deviceToken.get();
  return {
    email: credentials.email.trim(),
    password: credentials.password,
    browser: browserLabel(),
    lookup: timeZoneLabel(),
    ...(device ? { device_token: device } : {}),
  };
}

/** The fields of credentialsBody that the sign-in form shows, with the API's reasons beside them. */
export const CREDENTIAL_FIELDS = { fields: ['email', 'password'] } as const;

/** POST /api/auth/loginotp: checks the credentials; either the device is trusted, or an OTP is mailed. */
async function loginOtp(credentials: Credentials): Promise<LoginStep> {
  await getCsrfCookie().catch(() => undefined);
  const response = await api.post<Envelope<LoginStep> & { encoded?: string }>(
    '/api/auth/loginotp',
    credentialsBody(credentials),
    CREDENTIAL_FIELDS,
  );
  return response.data.data;
}

export const useLoginOtp = () => useAction(loginOtp);
