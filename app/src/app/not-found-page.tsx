import { Link } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/page-frame';

/** Any path SPEC §2 does not list. */
export default function NotFoundPage() {
  const session = useSession();
  return (
    <PageFrame title="Page not found" className={session ? undefined : 'page-standalone'}>
      <div className="card">
        <p>The page you asked for does not exist or has moved.</p>
        <Link className="btn btn-primary" to={session ? paths.home : paths.login}>
          {session ? 'Go to the home page' : 'Go to sign in'}
        </Link>
      </div>
    </PageFrame>
  );
}
