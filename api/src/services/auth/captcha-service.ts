// reCAPTCHA-compatible verification: POST secret + response to the provider's siteverify URL. Without a
// secret the CAPTCHA is off and the endpoint says so, so a development stack works without keys.
export interface CaptchaResult {
  enabled: boolean;
  success: boolean;
}

export interface CaptchaOptions {
  secret?: string | undefined;
  verifyUrl?: string | undefined;
}

export const defaultVerifyUrl = 'https://www.google.com/recaptcha/api/siteverify';

export function createCaptchaService({ secret, verifyUrl = defaultVerifyUrl }: CaptchaOptions) {
  return {
    async verify(token: string, ip: string): Promise<CaptchaResult> {
      if (!secret) return { enabled: false, success: true };
      const response = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`CAPTCHA provider answered ${response.status}`);
      const result = (await response.json()) as { success?: unknown };
      return { enabled: true, success: result.success === true };
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
