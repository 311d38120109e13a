import { api, type Envelope } from '@/lib/api-client';

/** POST /api/auth/verifyRecaptchaToken: the server checks the CAPTCHA answer with the provider. */
export async function verifyRecaptcha(token: string): Promise<{ enabled: boolean; success: boolean }> {
  const response = await api.post<Envelope<{ enabled: boolean; success: boolean }>>(
    '/api/auth/verifyRecaptchaToken',
    { token },
  );
  return response.data.data;
}
