/**
 * Choosing a password with a mailed token (a reset link, an invitation): the password rules, the two fields,
 * the API's answer as a toast, then the sign-in page, where the person signs in with it and the mailed code.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Field } from '@/components/field';
import { sessionStore } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { PasswordInput } from '../api/reset-password';
import { AuthLayout } from '@/components/auth-layout';

const MIN_LENGTH = 8;
const MAX_LENGTH = 128;

export function PasswordForm({
  title,
  label,
  confirmLabel,
  submitLabel,
  done,
  action,
  links,
}: {
  title: string;
  /** The two fields' labels. */
  label: string;
  confirmLabel: string;
  submitLabel: string;
  /** The toast when the API's answer has no message of its own. */
  done: string;
  action: { run: (input: PasswordInput) => Promise<string | undefined>; isPending: boolean };
  links: ReactNode;
}) {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { errors, show, fromError } = useFieldErrors<'password' | 'password_confirmation'>();

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
    const message = await action
      .run({ token, password, password_confirmation: confirmation })
      .catch((error: unknown) => (fromError(error, form), null));
    if (message === null) return;
    // The API ends every session of the account with the old password, this one included: sign out here too
    // rather than let the next call meet 'Session Expired'.
    if (sessionStore.get()) sessionStore.logout('user');
    notify.success(message ?? done);
    navigate(paths.login, { replace: true });
  };

  return (
    <AuthLayout title={title}>
      <form onSubmit={submit} noValidate aria-busy={action.isPending}>
        <Field
          label={label}
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
          label={confirmLabel}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          error={errors.password_confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={action.isPending}>
          {action.isPending ? 'Saving...' : submitLabel}
        </button>
        <p className="auth-links">{links}</p>
      </form>
    </AuthLayout>
  );
}
