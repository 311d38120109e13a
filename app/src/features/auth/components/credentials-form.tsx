import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '@/components/field';
import { paths } from '@/config/paths';
import type { Credentials } from '../api/login-otp';
import { verifyRecaptcha } from '../api/verify-recaptcha';
import { Captcha, type CaptchaHandle } from './captcha';

interface CredentialsFormProps {
  captchaSiteKey: string | null;
  busy: boolean;
  /** Kept by the parent so nothing typed is lost when the OTP step is left or a call fails. */
  value: Credentials;
  onChange(value: Credentials): void;
  /** 'otp': the usual login; 'link': mail a single-use sign-in link instead. */
  onSubmit(mode: SignInMode): Promise<void>;
}

export type SignInMode = 'otp' | 'link';

export function CredentialsForm({ captchaSiteKey, busy, value, onChange, onSubmit }: CredentialsFormProps) {
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field: 'email' | 'password' | 'captcha'; text: string } | null>(
    null,
  );
  const captcha = useRef<CaptchaHandle | null>(null);

  const submit = async (mode: SignInMode) => {
    if (busy) return;
    if (!value.email.trim()) return setProblem({ field: 'email', text: 'Enter your email address.' });
    if (!value.password) return setProblem({ field: 'password', text: 'Enter your password.' });
    if (captchaSiteKey && !captchaToken) {
      return setProblem({ field: 'captcha', text: 'Please confirm that you are not a robot.' });
    }
    setProblem(null);
    try {
      if (captchaSiteKey && captchaToken) await verifyRecaptcha(captchaToken);
      await onSubmit(mode);
    } catch {
      // The API error is already a toast; a CAPTCHA answer works once, so ask for a new one.
    } finally {
      if (captchaSiteKey) captcha.current?.reset();
    }
  };

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit('otp');
      }}
      noValidate
      aria-busy={busy}
    >
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={value.email}
        error={problem?.field === 'email' ? problem.text : null}
        onChange={(e) => onChange({ ...value, email: e.target.value })}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={value.password}
        error={problem?.field === 'password' ? problem.text : null}
        onChange={(e) => onChange({ ...value, password: e.target.value })}
      />
      {captchaSiteKey && (
        <>
          <Captcha siteKey={captchaSiteKey} onToken={setCaptchaToken} resetRef={captcha} />
          {problem?.field === 'captcha' && <p className="field-error">{problem.text}</p>}
        </>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </button>
      <p className="auth-links">
        <Link to={paths.forgotPassword}>Forgot your password?</Link>
        {' · '}
        <button type="button" className="btn-inline" disabled={busy} onClick={() => void submit('link')}>
          Email me a sign-in link
        </button>
      </p>
    </form>
  );
}
