import { Link } from 'react-router-dom';
import { statusOf } from '@/lib/api-call';
import { errorMessage } from '@/lib/api-errors';
import { LoadFailed } from './load-failed';

/** What a page can be refused (locked or not found) by the API. */
type Refusable = 'lesson' | 'assessment' | 'group';
type Subject = Refusable | 'message' | 'client' | 'meeting' | 'recap' | 'form';

const LOCKED_HINT: Record<Refusable, string> = {
  lesson: 'Your coach opens each lesson when you are ready for it.',
  assessment: 'Ask your coach if you need to see it.',
  group: 'Ask your coach if you need to see it.',
};

type Back = { to: string; label: string };

const backLink = (back: Back) => (
  <p>
    <Link to={back.to}>{back.label}</Link>
  </p>
);

/**
 * Nothing of the user's at this address: the API's 404, or an address whose id is not one (/assessments/abc),
 * which the page answers without asking the API.
 */
export function NotFoundState({ subject, back }: { subject: Subject; back: Back }) {
  return (
    <div className="card empty-state" role="status">
      <h2>{`${subject.charAt(0).toUpperCase()}${subject.slice(1)} not found`}</h2>
      <p>There is no such {subject} among yours: the link may be mistyped, or it was removed.</p>
      {backLink(back)}
    </div>
  );
}

/**
 * What a page shows when its subject did not load. The API's refusals are expected states, each with its own
 * words and no "Try again" (asking again changes nothing): 404 not found, 403 locked with the API's reason (a
 * lesson not yet open, a plan without it). Anything else could not be loaded and may be tried again. The
 * locked flash-coaching lesson set the pattern; every lesson page and the assessment page share it. Their
 * queries are silent, so the reason is said here once, not in a toast as well.
 */
export function RefusedState({
  subject,
  error,
  retry,
  back,
}: {
  subject: Refusable;
  error: unknown;
  retry: () => unknown;
  back: Back;
}) {
  const status = statusOf(error);
  if (status === 404) return <NotFoundState subject={subject} back={back} />;
  if (status !== 403)
    return (
      <>
        <LoadFailed what={`This ${subject}`} error={error} retry={retry} />
        {backLink(back)}
      </>
    );
  return (
    <div className="card empty-state" role="status">
      <h2>This {subject} is locked</h2>
      <p>{errorMessage(error)}</p>
      <p className="muted">{LOCKED_HINT[subject]}</p>
      {backLink(back)}
    </div>
  );
}
