import { api, type Envelope } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';

interface GenerateOtpInput {
  user_id: number;
  challenge: string;
}

/** POST /api/auth/generateOTP: mails a new code for the same challenge (the old code stops working). */
async function generateOtp(input: GenerateOtpInput): Promise<{ expires_in?: number; resend_in?: number }> {
  const response = await api.post<Envelope<{ expires_in?: number; resend_in?: number }>>(
    '/api/auth/generateOTP',
    input,
  );
  return response.data.data ?? {};
}

export const useGenerateOtp = () => useAction(generateOtp);
