import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Field } from '@/components/field';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useCreatePasswordReset } from '../api/create-password-reset';
import { AuthLayout } from '@/components/auth-layout';

const SENT = 'If an account exists for that email, we have sent a link to reset its password.';

/** The password reset request: mails a link to /reset/{token}. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const { errors, show, fromError } = useFieldErrors<'email'>();
  const [sent, setSent] = useState<string | null>(null);
  const request = useCreatePasswordReset();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const valid = /^\S+@\S+\.\S+$/.test(email.trim());
    if (show(valid ? {} : { email: 'Enter the email address you sign in with.' }, form)) return;
    const message = await request.run(email).catch((error: unknown) => (fromError(error, form), null));
    if (message === null) return;
    setSent(message ?? SENT);
    notify.success(message ?? SENT);
  };

  return (
    <AuthLayout title="Reset your password">
      {sent ? (
        <>
          <p className="auth-text" role="status">
            {sent}
          </p>
          <p className="auth-links">
            <Link to={paths.login}>Back to sign in</Link>
          </p>
        </>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={request.isPending}>
          <p className="auth-text">Enter your email and we will send you a link to choose a new password.</p>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </button>
          <p className="auth-links">
            <Link to={paths.login}>Back to sign in</Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
