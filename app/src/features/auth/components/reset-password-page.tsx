import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useResetPassword } from '../api/reset-password';
import { PasswordForm } from './password-form';

/** /reset/{token}: choose a new password with the mailed token. */
export default function ResetPasswordPage() {
  return (
    <PasswordForm
      title="Choose a new password"
      label="New password"
      confirmLabel="Confirm the new password"
      submitLabel="Set new password"
      done="Your password has been reset. Please log in with the new password."
      action={useResetPassword()}
      links={
        <>
          <Link to={paths.forgotPassword}>Request a new link</Link> ·{' '}
          <Link to={paths.login}>Back to sign in</Link>
        </>
      }
    />
  );
}
