// reCAPTCHA-compatible verification: POST secret + response to the provider's siteverify URL. Without a
// secret the CAPTCHA is off and the endpoint says so, so a development stack works without keys. A pass is
// reported to `onPass` (the login throttle counts it as one attempt past an account's failure limit).
interface CaptchaResult {
  enabled: boolean;
  success: boolean;
}

export interface CaptchaOptions {
  secret?: string | undefined;
  verifyUrl?: string | undefined;
}

const defaultVerifyUrl = 'https://www.google.com/recaptcha/api/siteverify';

export function createCaptchaService(
  { secret, verifyUrl = defaultVerifyUrl }: CaptchaOptions,
  onPass: (tenantId: number, ip: string) => Promise<void>,
) {
  return {
    async verify(tenantId: number, token: string, ip: string): Promise<CaptchaResult> {
      if (!secret) return { enabled: false, success: true };
      const response = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`CAPTCHA provider answered ${response.status}`);
      const result = (await response.json()) as { success?: unknown };
      if (result.success !== true) return { enabled: true, success: false };
      await onPass(tenantId, ip);
      return { enabled: true, success: true };
    },
  };
}
