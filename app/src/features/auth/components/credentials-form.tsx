import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '@/components/field';
import { paths } from '@/config/paths';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { Credentials } from '../api/login-otp';
import { verifyRecaptcha } from '../api/verify-recaptcha';
import { Captcha, type CaptchaHandle } from './captcha';

interface CredentialsFormProps {
  captchaSiteKey: string | null;
  busy: boolean;
  /** Kept by the parent so nothing typed is lost when the OTP step is left or a call fails. */
  value: Credentials;
  onChange(value: Credentials): void;
  /** 'otp': the usual login; 'link': mail a single-use sign-in link instead of the one-time password. */
  onSubmit(mode: SignInMode): Promise<void>;
}

export type SignInMode = 'otp' | 'link';

export const LINK_NEEDS_PASSWORD =
  'Enter your password too: the sign-in link replaces the one-time code, not your password.';

export function CredentialsForm({ captchaSiteKey, busy, value, onChange, onSubmit }: CredentialsFormProps) {
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const { errors, show, fromError } = useFieldErrors<'email' | 'password' | 'captcha'>();
  const captcha = useRef<CaptchaHandle | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (mode: SignInMode) => {
    if (busy) return;
    const form = formRef.current;
    const found = !value.email.trim()
      ? { email: 'Enter your email address.' }
      : !value.password
        ? // loginotpfbs checks the password as loginotp does (SPEC §7): the link stands in for the code.
          { password: mode === 'link' ? LINK_NEEDS_PASSWORD : 'Enter your password.' }
        : captchaSiteKey && !captchaToken
          ? { captcha: 'Please confirm that you are not a robot.' }
          : {};
    if (show(found, form)) return;
    try {
      if (captchaSiteKey && captchaToken) await verifyRecaptcha(captchaToken);
      await onSubmit(mode);
    } catch (error) {
      // Beside the fields when the API names them (the rest was a toast); a CAPTCHA answer works once, so
      // ask for a new one.
      fromError(error, form);
    } finally {
      if (captchaSiteKey) captcha.current?.reset();
    }
  };

  return (
    <form
      ref={formRef}
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
        error={errors.email}
        onChange={(e) => onChange({ ...value, email: e.target.value })}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={value.password}
        error={errors.password}
        onChange={(e) => onChange({ ...value, password: e.target.value })}
      />
      {captchaSiteKey && (
        <>
          <Captcha siteKey={captchaSiteKey} onToken={setCaptchaToken} resetRef={captcha} />
          {errors.captcha && (
            <p className="field-error" role="alert">
              {errors.captcha}
            </p>
          )}
        </>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </button>
      <p className="auth-links">
        <Link to={paths.forgotPassword}>Forgot your password?</Link>
        {' · '}
        <button type="button" className="btn-inline" disabled={busy} onClick={() => void submit('link')}>
          Email me a sign-in link instead of a code
        </button>
      </p>
    </form>
  );
}
