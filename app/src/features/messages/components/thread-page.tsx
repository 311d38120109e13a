/**
 * /messages/thread/:id: a whole thread, oldest first, with its attachments and a reply form at the bottom, and
 * a way back to the folder it was opened from (./thread-folder).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { NotFoundState } from '@/components/refused-state';
import { ZoneNote } from '@/components/zone-note';
import { displayZone } from '@/lib/dates';
import { routeId } from '@/lib/route-id';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDeleteEmails } from '../api/delete-emails';
import type { Email } from '@/lib/mail';
import { useThread, type Folder } from '../api/get-emails';
import { useMarkThreadRead } from '../api/mark-email-read';
import { useSendEmail } from '../api/send-email';
import { MessageCard } from '@/components/message-card';
import { ReplySection } from '@/components/message-form';
import { MESSAGE_SENT } from './compose-page';
import { folderLabel, folderPath, useThreadFolder } from './thread-folder';

export const MESSAGE_DELETED = 'Message deleted';

/** Another user's thread, a deleted one, or an address whose id is none: nothing to show, and the way back. */
const NotFound = ({ folder }: { folder: Folder }) => (
  <NotFoundState
    subject="message"
    back={{ to: folderPath(folder), label: `Back to ${folderLabel(folder)}` }}
  />
);

export default function ThreadPage() {
  const thread = routeId(useParams().id);
  const from = useThreadFolder();
  // A malformed id asks the API nothing.
  if (thread === null) return <NotFound folder={from ?? 'inbox'} />;
  return <Thread thread={thread} from={from} />;
}

function Thread({ thread, from }: { thread: number; from: Folder | null }) {
  const user = useUser();
  const emails = useThread(user.id, thread);
  const markRead = useMarkThreadRead(user.id, thread);
  const remove = useDeleteEmails(user.id);
  const send = useSendEmail(user.id);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<Email | null>(null);
  // Each message is marked once, however often the thread re-renders or refetches before the server agrees.
  const marked = useRef(new Set<number>());
  const first = emails.data?.[0];
  // Opened without a folder in the address (a bookmark): the folder where its first message lies, written into
  // the address so the folder tab shows it too.
  const folder = from ?? (first && first.from === user.id ? 'sent' : 'inbox');
  useEffect(() => {
    if (!from && first) void navigate({ search: `?from=${folder}` }, { replace: true });
  }, [from, first, folder, navigate]);

  const unreadIds = (emails.data ?? [])
    .filter((email) => email.to === user.id && !email.read)
    .map((email) => email.id)
    .join(',');
  const zone = displayZone(user.time_zone);
  const { mutate: markIds } = markRead;
  useEffect(() => {
    const ids = unreadIds ? unreadIds.split(',').map(Number) : [];
    const fresh = ids.filter((id) => !marked.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) marked.current.add(id);
    markIds(fresh);
  }, [unreadIds, markIds]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate([deleting.id], {
      onSuccess: () => {
        notify.success(MESSAGE_DELETED);
        const left = (emails.data ?? []).filter((email) => email.id !== deleting.id);
        setDeleting(null);
        if (left.length === 0) void navigate(folderPath(folder));
      },
    });
  };

  return (
    <QueryState query={emails} what="This conversation">
      {(messages) => {
        const last = messages.at(-1);
        if (!first || !last) return <NotFound folder={folder} />;
        return (
          <section aria-labelledby="thread-title">
            <p className="thread-back">
              <Link to={folderPath(folder)}>← {folderLabel(folder)}</Link>
            </p>
            <h2 id="thread-title" className="thread-title">
              {first.subject}
            </h2>
            <ol className="thread">
              {messages.map((email) => (
                <li key={email.id}>
                  <MessageCard email={email} zone={zone} onDelete={() => setDeleting(email)} />
                </li>
              ))}
            </ol>
            <ZoneNote zone={zone} />
            <ReplySection
              threadSubject={first.subject}
              Heading="h3"
              pending={send.isPending}
              onSend={(input) =>
                send.mutateAsync({ ...input, previous: last.id }).then(() => notify.success(MESSAGE_SENT))
              }
            />
            {deleting && (
              <ConfirmDialog
                title="Delete this message?"
                text="Only your copy is deleted: the other person keeps theirs."
                confirmLabel="Delete message"
                pending={remove.isPending}
                onConfirm={confirmDelete}
                onCancel={() => setDeleting(null)}
              />
            )}
          </section>
        );
      }}
    </QueryState>
  );
}
