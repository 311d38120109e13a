/**
 * A shared recap as both of its readers see it: the coach's text (rich text, sanitised again right before it is
 * rendered), the action steps made from it, and the thread of comments with a form to add one. The client's
 * recap page and the coach's meeting recap page both show it; each passes its own comment call.
 */
import { useState, type FormEvent } from 'react';
import { TextAreaField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { PageLoading } from '@/components/page-loading';
import { NotFoundState } from '@/components/refused-state';
import { statusOf } from '@/lib/api-call';
import { displayZone, formatDate, formatDateTime } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { sanitizeRichText } from '@/lib/sanitize-rich-text';
import { stageLabel, stageOf } from '@/lib/stages';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { fullName } from '@/lib/user';
import type { Recap } from '../../../contracts/rest/recaps';
import './recap-view.css';

interface Commenting {
  mutate: (body: string, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

function CommentForm({ comment }: { comment: Commenting }) {
  const [body, setBody] = useState('');
  const { errors, show, fromError } = useFieldErrors<'body'>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ body: body.trim() ? undefined : 'Write your comment.' }, form)) return;
    comment.mutate(body.trim(), {
      onSuccess: () => {
        setBody('');
        notify.success('Comment added');
      },
      // What was typed stays for another try.
      onError: (error) => fromError(error, form),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextAreaField
        label="Your comment"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        error={errors.body}
        rows={3}
      />
      <FormButtons submitLabel="Add comment" pending={comment.isPending} />
    </form>
  );
}

export function RecapView({ recap, comment }: { recap: Recap; comment: Commenting | null }) {
  // Times on the reader's own wall clock, as their schedule shows them.
  const zone = displayZone(useUser().time_zone);
  return (
    <div className="recap-view">
      <article className="card recap-body" aria-labelledby={`recap-${recap.id}-by`}>
        <p id={`recap-${recap.id}-by`} className="muted">
          {`By ${fullName(recap.author)}`}
          {recap.shared_at
            ? ` · shared ${formatDateTime(recap.shared_at, zone)}`
            : ' · draft, not shared yet'}
        </p>
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: sanitizeRichText(recap.body) }} />
      </article>
      <section className="card" aria-labelledby={`recap-${recap.id}-steps`}>
        <h2 id={`recap-${recap.id}-steps`}>Action steps from this meeting</h2>
        {recap.action_steps.length === 0 ? (
          <p className="muted">No action steps were made from this recap.</p>
        ) : (
          <ul className="recap-list">
            {recap.action_steps.map((s) => (
              <li key={s.id}>
                <strong>{s.title}</strong>
                <span className="muted">
                  {` · ${stageLabel(stageOf('action-step', s.status))}`}
                  {s.due_date && ` · due ${formatDate(s.due_date)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby={`recap-${recap.id}-comments`}>
        <h2 id={`recap-${recap.id}-comments`}>Comments</h2>
        {recap.comments.length === 0 ? (
          <p className="muted">No comments yet.</p>
        ) : (
          <ol className="recap-list recap-comments">
            {recap.comments.map((c) => (
              <li key={c.id} className={c.mine ? 'recap-comment mine' : 'recap-comment'}>
                <p className="muted">
                  <strong>{c.mine ? 'You' : fullName(c.author)}</strong> ·{' '}
                  <time dateTime={c.created_at}>{formatDateTime(c.created_at, zone)}</time>
                </p>
                <p className="recap-comment-text">{c.body}</p>
              </li>
            ))}
          </ol>
        )}
        {comment ? (
          <CommentForm comment={comment} />
        ) : (
          <p className="muted">Comments open once the recap is shared.</p>
        )}
      </section>
    </div>
  );
}

/**
 * A recap page before its recap is in: loading, not found (the API's 404, or an address whose id is none), or
 * failed with Try again. The client's page waits for a recap, the coach's for a meeting.
 */
export function RecapWaiting({
  query,
  found,
  subject,
  back,
}: {
  query: { error: unknown; isError: boolean; refetch: () => unknown };
  found: boolean;
  subject: 'recap' | 'meeting';
  back: { to: string; label: string };
}) {
  return (
    <PageFrame title="Meeting recap">
      {!found || statusOf(query.error) === 404 ? (
        <NotFoundState subject={subject} back={back} />
      ) : query.isError ? (
        <LoadFailed what={`This ${subject}`} error={query.error} retry={query.refetch} />
      ) : (
        <PageLoading />
      )}
    </PageFrame>
  );
}
