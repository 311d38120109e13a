import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AuthLayout } from '@/components/auth-layout';
import { paths } from '@/config/paths';
import { useAction } from '@/lib/use-action';
import { getUnsubscribe, unsubscribe, type UnsubscribePage } from '../api/unsubscribe';

type State =
  { status: 'loading' } | { status: 'asking' | 'done'; page: UnsubscribePage } | { status: 'invalid' };

const titles = {
  loading: 'Unsubscribe',
  asking: 'Unsubscribe',
  done: "You're unsubscribed",
  invalid: 'This link did not work',
} as const;

/**
 * /unsubscribe/{token}: a notification mail's unsubscribe link, opened without signing in. It says what will
 * stop and takes a click: a mail scanner that follows links must not change anyone's choice. Only that kind's
 * mail stops; everything else stays as it was.
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const action = useAction(unsubscribe);

  useEffect(() => {
    let current = true;
    getUnsubscribe(token).then(
      (page) => current && setState({ status: 'asking', page }),
      () => current && setState({ status: 'invalid' }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const confirm = (page: UnsubscribePage) =>
    action.run(token).then(
      () => setState({ status: 'done', page }),
      () => setState({ status: 'invalid' }),
    );

  return (
    <AuthLayout title={titles[state.status]}>
      {state.status === 'loading' && (
        <p className="auth-text" role="status">
          Loading...
        </p>
      )}
      {state.status === 'asking' && (
        <>
          <p className="auth-text">
            You will no longer get {state.page.label.toLowerCase()} by mail at {state.page.email_masked}.
          </p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={action.isPending}
            onClick={() => void confirm(state.page)}
          >
            {action.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </button>
        </>
      )}
      {state.status === 'done' && (
        <p className="auth-text" role="status">
          You will no longer get {state.page.label.toLowerCase()} by mail. You can turn them back on in your
          notification settings.
        </p>
      )}
      {state.status === 'invalid' && (
        <p className="auth-text" role="alert">
          This unsubscribe link is not valid. Sign in to choose which mails you get in your notification
          settings.
        </p>
      )}
      {state.status !== 'asking' && state.status !== 'loading' && (
        <p className="auth-links">
          <Link to={paths.login}>Sign in</Link>
        </p>
      )}
    </AuthLayout>
  );
}
