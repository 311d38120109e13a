/**
 * A coach's answers to a client's request (a ticket, a testimonial, a referral), oldest first: who answered and
 * when, and the answer as typed (its line breaks kept, as text). The client's /help shows them under each ticket
 * and the coach's Requests list under each request, so an answer is not only in a mail.
 */
import './request-answers.css';
import { formatDateTime } from '@/lib/dates';
import { fullName } from '@/lib/user';
import type { RequestAnswer } from '../../../contracts/rest/coach';

export function RequestAnswers({
  answers,
  zone,
  label,
}: {
  answers: RequestAnswer[];
  zone?: string;
  /** What the list is called for screen readers, e.g. 'Answers to Invoice address'. */
  label: string;
}) {
  if (answers.length === 0) return null;
  return (
    <ul className="request-answers" aria-label={label}>
      {answers.map((answer) => (
        <li key={`${answer.created_at}-${answer.body}`} className="request-answer">
          <p className="muted request-answer-meta">
            Answered by {fullName(answer.coach)},{' '}
            <time dateTime={answer.created_at}>{formatDateTime(answer.created_at, zone)}</time>
          </p>
          <p className="request-answer-body">{answer.body}</p>
        </li>
      ))}
    </ul>
  );
}
