import { isAxiosError } from 'axios';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/lib/api-errors';
import { LoadFailed } from './load-failed';

type Subject = 'lesson' | 'assessment';

const LOCKED_HINT: Record<Subject, string> = {
  lesson: 'Your coach opens each lesson when you are ready for it.',
  assessment: 'Ask your coach if you need to see it.',
};

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
  subject: Subject;
  error: unknown;
  retry: () => unknown;
  back: { to: string; label: string };
}) {
  const status = isAxiosError(error) ? error.response?.status : undefined;
  const backLink = (
    <p>
      <Link to={back.to}>{back.label}</Link>
    </p>
  );
  if (status !== 403 && status !== 404)
    return (
      <>
        <LoadFailed what={`This ${subject}`} error={error} retry={retry} />
        {backLink}
      </>
    );
  return (
    <div className="card empty-state" role="status">
      {status === 404 ? (
        <>
          <h2>{subject === 'lesson' ? 'Lesson not found' : 'Assessment not found'}</h2>
          <p>There is no such {subject} among yours: the link may be mistyped, or it was removed.</p>
        </>
      ) : (
        <>
          <h2>This {subject} is locked</h2>
          <p>{errorMessage(error)}</p>
          <p className="muted">{LOCKED_HINT[subject]}</p>
        </>
      )}
      {backLink}
    </div>
  );
}
