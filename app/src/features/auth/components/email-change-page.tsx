import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-errors';
import { sessionStore } from '@/lib/session';
import { useAction } from '@/lib/use-action';
import { confirmEmailChange } from '../api/confirm-email-change';
import { AuthLayout } from '@/components/auth-layout';

type State = { status: 'asking' } | { status: 'done' | 'failed'; message: string };

const titles = {
  asking: 'Confirm your new login email',
  done: 'Your login email has changed',
  failed: 'This link did not work',
} as const;

/**
 * /email-change/{token}: the new address of a login email change confirms it. It takes a click, not the
 * opening alone: a mail scanner that follows links must not make the change.
 */
export default function EmailChangePage() {
  const { token = '' } = useParams();
  const action = useAction(confirmEmailChange);
  const [state, setState] = useState<State>({ status: 'asking' });

  const confirm = () =>
    action.run(token).then(
      (message) => {
        // Every session of the account has just ended, this browser's too.
        if (sessionStore.get()) sessionStore.logout('user');
        setState({ status: 'done', message });
      },
      (error: unknown) => setState({ status: 'failed', message: errorMessage(error) }),
    );

  return (
    <AuthLayout title={titles[state.status]}>
      {state.status === 'asking' ? (
        <>
          <p className="auth-text">
            Your coaching team changed the email you sign in with. Confirm it to make this address your login;
            you are then signed out everywhere and sign in with it.
          </p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={action.isPending}
            onClick={() => void confirm()}
          >
            {action.isPending ? 'Confirming...' : 'Confirm my new email'}
          </button>
        </>
      ) : (
        <p className="auth-text" role={state.status === 'done' ? 'status' : 'alert'}>
          {state.message}
        </p>
      )}
      {state.status !== 'asking' && (
        <p className="auth-links">
          <Link to={paths.login}>Sign in</Link>
        </p>
      )}
    </AuthLayout>
  );
}
