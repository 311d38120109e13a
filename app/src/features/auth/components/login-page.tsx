/**
 * /login (SPEC §4): credentials -> loginotp. A device the server trusts goes straight through studentlogin;
 * otherwise the OTP form appears (only then: an OTP was generated), with a resend counter from 300.
 * On success the session store signs in and the guest guard sends the user where they were going.
 */
import { useState } from 'react';
import { usePortal } from '@/lib/portal-context';
import { sessionStore } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useGenerateOtp } from '../api/generate-otp';
import { useLoginOtpFbs } from '../api/login-otp-fbs';
import { useLoginOtp, type Credentials, type LoginStep } from '../api/login-otp';
import { useStudentLogin } from '../api/student-login';
import { useVerifyOtp } from '../api/verify-otp';
import { AuthLayout } from '@/components/auth-layout';
import { CredentialsForm, type SignInMode } from './credentials-form';
import { expiryText } from './expiry-text';
import { OTP_RESEND_SECONDS, OtpForm } from './otp-form';
import { useCountdown } from './use-countdown';

export const OTP_SENT = 'A One-Time Password (OTP) has been sent to your email';
export const LINK_SENT = 'A sign-in link has been sent to your email';

interface Challenge {
  user_id: number;
  challenge: string;
}

/** The API's answer says how long the mailed code or link works (seconds); the screens say it in words. */
type Expiry = number | undefined;

export default function LoginPage() {
  const { config } = usePortal();
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  const [pending, setPending] = useState<Challenge | null>(null);
  const [codeExpiry, setCodeExpiry] = useState<Expiry>(undefined);
  // The link's expiry once it was mailed; null while no link was sent.
  const [linkSent, setLinkSent] = useState<{ expiresIn: Expiry } | null>(null);
  const resend = useCountdown();
  const loginOtp = useLoginOtp();
  const studentLogin = useStudentLogin();
  const verifyOtp = useVerifyOtp();
  const generateOtp = useGenerateOtp();
  const loginOtpFbs = useLoginOtpFbs();

  const submitCredentials = async (mode: SignInMode) => {
    const step: LoginStep = await (mode === 'link'
      ? loginOtpFbs.run(credentials)
      : loginOtp.run(credentials));
    if (step.verified) {
      sessionStore.signIn(await studentLogin.run(credentials));
      return;
    }
    if (mode === 'link') {
      setLinkSent({ expiresIn: step.expires_in });
      notify.success(LINK_SENT);
      return;
    }
    if (!step.challenge) throw new Error('The server did not start a one-time password challenge.');
    setPending({ user_id: step.user_id, challenge: step.challenge });
    setCodeExpiry(step.expires_in);
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
    const sent = await generateOtp.run(pending);
    // A new code for the same challenge: it works as long as the API now says, or as the last one did.
    setCodeExpiry((last) => sent.expires_in ?? last);
    resend.start(OTP_RESEND_SECONDS);
    notify.success(OTP_SENT);
  };

  if (linkSent) {
    return (
      <AuthLayout title="Check your email">
        <p className="auth-text" role="status">
          We sent a sign-in link to <strong>{credentials.email.trim()}</strong>. Open it on this device: it
          works once
          {linkSent.expiresIn === undefined ? '.' : `, within ${expiryText(linkSent.expiresIn)}.`}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => setLinkSent(null)}>
          Back to sign in
        </button>
      </AuthLayout>
    );
  }

  if (pending) {
    return (
      <AuthLayout title="Check your email">
        <OtpForm
          email={credentials.email.trim()}
          expiresIn={codeExpiry}
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
        busy={loginOtp.isPending || studentLogin.isPending || loginOtpFbs.isPending}
        value={credentials}
        onChange={setCredentials}
        onSubmit={submitCredentials}
      />
    </AuthLayout>
  );
}
