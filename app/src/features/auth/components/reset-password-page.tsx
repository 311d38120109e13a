import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Field } from '@/components/field';
import { sessionStore } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from './auth-layout';

const MIN_LENGTH = 8;
const MAX_LENGTH = 128;
const DONE = 'Your password has been reset. Please log in with the new password.';

/** /reset/{token}: choose a new password with the mailed token. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { errors, show, fromError } = useFieldErrors<'password' | 'password_confirmation'>();
  const reset = useResetPassword();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found =
      password.length < MIN_LENGTH || password.length > MAX_LENGTH
        ? { password: `Use ${MIN_LENGTH} to ${MAX_LENGTH} characters.` }
        : password !== confirmation
          ? { password_confirmation: 'The two passwords do not match.' }
          : {};
    if (show(found, form)) return;
    const message = await reset
      .run({ token, password, password_confirmation: confirmation })
      .catch((error: unknown) => (fromError(error, form), null));
    if (message === null) return;
    // The API ends every session of the account with the old password, this one included: sign out here too
    // rather than let the next call meet 'Session Expired'.
    if (sessionStore.get()) sessionStore.logout('user');
    notify.success(message ?? DONE);
    navigate(paths.login, { replace: true });
  };

  return (
    <AuthLayout title="Choose a new password">
      <form onSubmit={submit} noValidate aria-busy={reset.isPending}>
        <Field
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint={`At least ${MIN_LENGTH} characters.`}
          required
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label="Confirm the new password"
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          error={errors.password_confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Set new password'}
        </button>
        <p className="auth-links">
          <Link to={paths.forgotPassword}>Request a new link</Link> ·{' '}
          <Link to={paths.login}>Back to sign in</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
