/**
 * One message of a thread: who wrote to whom and when (in `zone`), the sanitised body, its attachments, and
 * Delete where the mailbox offers it.
 */
import { formatDateTime } from '@/lib/dates';
import { fileSize } from '@/lib/uploads';
import { fullName } from '@/lib/user';
import type { Email } from '@/lib/mail';
import { downloadAttachment } from '@/lib/mail-attachments';
import { MessageBody } from './message-body';
import './message.css';

export function MessageCard({
  email,
  zone,
  onDelete,
}: {
  email: Email;
  zone: string;
  onDelete?: () => void;
}) {
  const headingId = `message-${email.id}`;
  return (
    <article className="card message" aria-labelledby={headingId}>
      <header className="message-header">
        <h3 id={headingId} className="message-from">
          {fullName(email.fromuser)}
          <span className="muted"> to {fullName(email.touser)}</span>
        </h3>
        <time className="muted" dateTime={email.created_at}>
          {formatDateTime(email.created_at, zone)}
        </time>
      </header>
      <MessageBody html={email.body} />
      {email.attachments.length > 0 && (
        <ul className="message-attachments" aria-label="Attachments">
          {email.attachments.map((attachment) => (
            <li key={attachment.id}>
              <button
                type="button"
                className="btn-link"
                // A failed download was a toast already (the API client).
                onClick={() => void downloadAttachment(attachment).catch(() => undefined)}
              >
                Download {attachment.name}
              </button>{' '}
              <span className="muted attachment-size">({fileSize(attachment.size)})</span>
            </li>
          ))}
        </ul>
      )}
      {onDelete && (
        <div className="message-actions">
          <button type="button" className="btn-link" onClick={onDelete}>
            Delete<span className="visually-hidden"> message from {fullName(email.fromuser)}</span>
          </button>
        </div>
      )}
    </article>
  );
}
