import { Link } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';

/** Any path SPEC §2 does not list. */
export default function NotFoundPage() {
  const session = useSession();
  return (
    <section className={session ? 'page' : 'page page-standalone'} aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        Page not found
      </h1>
      <div className="card">
        <p>The page you asked for does not exist or has moved.</p>
        <Link className="btn btn-primary" to={session ? paths.home : paths.login}>
          {session ? 'Go to the home page' : 'Go to sign in'}
        </Link>
      </div>
    </section>
  );
}
