import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/page-frame';

/**
 * A page of another role's route tree (a client typing a /coach address, a coach following a client's link):
 * the reason and the way home, rather than a redirect that looks like a broken link. The API refuses the same
 * calls with the same words.
 */
export function NotAvailablePage() {
  return (
    <PageFrame title="This is not available to your account">
      <div className="card">
        <p>This page belongs to another part of the portal than the one your account opens.</p>
        <Link className="btn btn-primary" to={paths.home}>
          Go to the home page
        </Link>
      </div>
    </PageFrame>
  );
}
