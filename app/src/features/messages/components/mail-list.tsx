/**
 * A folder's rows. One roving tab stop: Tab enters the list at the current row, the arrow keys (and Home / End)
 * move between rows, Enter opens the thread (the row is a link). Each row's checkbox selects it for deletion.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatShortDate } from '@/lib/dates';
import { fullName } from '@/lib/user';
import type { Email } from '@/lib/mail';
import type { Folder } from '../api/get-emails';
import { PaperclipIcon } from './paperclip-icon';
import { snippet } from '@/lib/sanitize-body';
import { threadHref } from './thread-folder';

const STEPS: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (index, last) => Math.min(index + 1, last),
  ArrowUp: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

export function MailList({
  folder,
  label,
  emails,
  zone,
  selected,
  onSelect,
}: {
  folder: Folder;
  label: string;
  emails: Email[];
  zone: string;
  selected: number[];
  onSelect: (ids: number[]) => void;
}) {
  const [current, setCurrent] = useState(0);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  // Rows can go (deleted) while `current` points past the end.
  const active = Math.min(current, emails.length - 1);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(index, emails.length - 1);
    setCurrent(next);
    links.current[next]?.focus();
  };
  const toggle = (id: number, on: boolean) =>
    onSelect(on ? [...selected, id] : selected.filter((other) => other !== id));

  return (
    <ul className="mail-list card" aria-label={label}>
      {emails.map((email, index) => {
        const other = folder === 'inbox' ? email.fromuser : email.touser;
        const who = `${folder === 'inbox' ? 'From' : 'To'} ${fullName(other)}`;
        const unread = folder === 'inbox' && !email.read;
        const tabIndex = index === active ? 0 : -1;
        return (
          <li key={email.id} className={unread ? 'mail-row unread' : 'mail-row'}>
            <input
              type="checkbox"
              tabIndex={tabIndex}
              aria-label={`Select: ${email.subject}`}
              checked={selected.includes(email.id)}
              onChange={(event) => toggle(email.id, event.target.checked)}
              onKeyDown={(event) => onKeyDown(event, index)}
            />
            <Link
              ref={(node) => {
                links.current[index] = node;
              }}
              to={threadHref(email.parent ?? email.id, folder)}
              className="mail-row-link"
              tabIndex={tabIndex}
              onFocus={() => setCurrent(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {unread && <span className="visually-hidden">Unread: </span>}
              <span className="mail-who">{who}</span>
              <span className="mail-subject">{email.subject}</span>
              <span className="mail-snippet muted">{snippet(email.body)}</span>
              <span className="mail-meta">
                {email.attachments.length > 0 && <PaperclipIcon count={email.attachments.length} />}
                <time dateTime={email.created_at}>{formatShortDate(email.created_at, zone)}</time>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
