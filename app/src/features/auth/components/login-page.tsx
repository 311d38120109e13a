/**
 * /login (SPEC §4): credentials -> loginotp. A device the server trusts goes straight through studentlogin;
 * otherwise the OTP form appears (only then: an OTP was generated), with a resend counter from 300.
 * On success the session store signs in and the guest guard sends the user where they were going.
 */
import { useState } from 'react';
import { usePortal } from '../../../app/portal-context';
import { sessionStore } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useGenerateOtp } from '../api/generate-otp';
import { useLoginOtp, type Credentials, type LoginStep } from '../api/login-otp';
import { useStudentLogin } from '../api/student-login';
import { useVerifyOtp } from '../api/verify-otp';
import { AuthLayout } from './auth-layout';
import { CredentialsForm } from './credentials-form';
import { OTP_RESEND_SECONDS, OtpForm } from './otp-form';
import { useCountdown } from './use-countdown';

export const OTP_SENT = 'A One-Time Password (OTP) has been sent to your email';

interface Challenge {
  user_id: number;
  challenge: string;
}

export default function LoginPage() {
  const { config } = usePortal();
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  const [pending, setPending] = useState<Challenge | null>(null);
  const resend = useCountdown();
  const loginOtp = useLoginOtp();
  const studentLogin = useStudentLogin();
  const verifyOtp = useVerifyOtp();
  const generateOtp = useGenerateOtp();

  const submitCredentials = async () => {
    const step: LoginStep = await loginOtp.run(credentials);
    if (step.verified) {
      sessionStore.signIn(await studentLogin.run(credentials));
      return;
    }
    if (!step.challenge) throw new Error('The server did not start a one-time password challenge.');
    setPending({ user_id: step.user_id, challenge: step.challenge });
    resend.start(OTP_RESEND_SECONDS);
    notify.success(OTP_SENT);
  };

  const submitOtp = async (otp: string) => {
    if (!pending) return;
    const user = await verifyOtp.run({ ...pending, otp });
    setCredentials({ email: credentials.email, password: '' });
    setPending(null);
    sessionStore.signIn(user);
  };

  const resendOtp = async () => {
    if (!pending) return;
    await generateOtp.run(pending);
    resend.start(OTP_RESEND_SECONDS);
    notify.success(OTP_SENT);
  };

  if (pending) {
    return (
      <AuthLayout title="Check your email">
        <OtpForm
          email={credentials.email.trim()}
          busy={verifyOtp.isPending}
          resendIn={resend.seconds}
          resending={generateOtp.isPending}
          onVerify={submitOtp}
          onResend={resendOtp}
          onBack={() => setPending(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign in">
      <CredentialsForm
        captchaSiteKey={config.integrations.captchaSiteKey}
        busy={loginOtp.isPending || studentLogin.isPending}
        value={credentials}
        onChange={setCredentials}
        onSubmit={submitCredentials}
      />
    </AuthLayout>
  );
}
