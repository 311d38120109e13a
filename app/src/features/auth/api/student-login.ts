import { api, type Envelope } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';
import { CREDENTIAL_FIELDS, credentialsBody, type Credentials } from './login-otp';

/** POST /api/auth/studentlogin: the full login, which the server grants only to a trusted device. */
async function studentLogin(credentials: Credentials): Promise<unknown> {
  const response = await api.post<Envelope<unknown>>(
    '/api/auth/studentlogin',
    credentialsBody(credentials),
    CREDENTIAL_FIELDS,
  );
  return response.data.data;
}

export const useStudentLogin = () => useAction(studentLogin);
