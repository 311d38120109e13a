import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-errors';
import { sessionStore } from '@/lib/session';
import { fbsLogin } from '../api/fbs-login';
import { AuthLayout } from '@/components/auth-layout';

/** /fbslogin/{token}: a mailed single-use sign-in link. It is exchanged once, even under StrictMode. */
export default function FbsLoginPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<{ status: 'working' | 'done' } | { status: 'failed'; message: string }>({
    status: 'working',
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fbsLogin(token).then(
      (user) => {
        sessionStore.signIn(user);
        setState({ status: 'done' });
      },
      (error: unknown) => setState({ status: 'failed', message: errorMessage(error) }),
    );
  }, [token]);

  if (state.status === 'done') return <Navigate to={paths.home} replace />;
  return (
    <AuthLayout title={state.status === 'failed' ? 'This link did not work' : 'Signing you in'}>
      {state.status === 'failed' ? (
        <>
          <p className="auth-text" role="alert">
            {state.message}
          </p>
          <p className="auth-links">
            <Link to={paths.login}>Sign in with your email and password</Link>
          </p>
        </>
      ) : (
        <p className="auth-text" role="status">
          <span className="spinner spinner-inline" aria-hidden="true" /> Checking your sign-in link...
        </p>
      )}
    </AuthLayout>
  );
}
