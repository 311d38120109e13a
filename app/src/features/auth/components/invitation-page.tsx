import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAcceptInvitation } from '../api/accept-invitation';
import { PasswordForm } from './password-form';

/** /invitation/{token}: an invited person chooses their password, then signs in with it and the mailed code. */
export default function InvitationPage() {
  return (
    <PasswordForm
      title="Accept your invitation"
      label="Your password"
      confirmLabel="Confirm your password"
      submitLabel="Set my password"
      done="Your password is set. Log in with your email and the new password."
      action={useAcceptInvitation()}
      links={<Link to={paths.login}>Already set? Sign in</Link>}
    />
  );
}
