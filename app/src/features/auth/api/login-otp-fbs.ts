import { api, type Envelope } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';
import type { LinkStep } from '../../../../../contracts/rest/auth';
import { CREDENTIAL_FIELDS, credentialsBody, type Credentials } from './login-otp';

/**
 * POST /api/auth/loginotpfbs: checks the credentials, email and password, as loginotp does and mails a
 * single-use sign-in link (/fbslogin/{token}) in place of the one-time password.
 */
async function loginOtpFbs(credentials: Credentials): Promise<LinkStep> {
  const response = await api.post<Envelope<LinkStep>>(
    '/api/auth/loginotpfbs',
    credentialsBody(credentials),
    CREDENTIAL_FIELDS,
  );
  return response.data.data;
}

export const useLoginOtpFbs = () => useAction(loginOtpFbs);
