/** /messages/inbox and /messages/sent: a folder's messages, newest first, 50 at a time. */
import { useState } from 'react';
import { useMatch } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadMore } from '@/components/load-more';
import { QueryState } from '@/components/query-state';
import { ZoneNote } from '@/components/zone-note';
import { paths } from '@/config/paths';
import { displayZone } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDeleteEmails } from '../api/delete-emails';
import { useFolder, type Folder } from '../api/get-emails';
import { MailList } from './mail-list';

export const MESSAGES_DELETED = 'Messages deleted';

export default function FolderPage() {
  const folder: Folder = useMatch(paths.messagesSent) ? 'sent' : 'inbox';
  const user = useUser();
  const emails = useFolder(user.id, folder);
  const remove = useDeleteEmails(user.id);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const label = folder === 'inbox' ? 'Inbox' : 'Sent';
  const zone = displayZone(user.time_zone);

  const confirmDelete = () =>
    remove.mutate(selected, {
      onSuccess: () => {
        notify.success(MESSAGES_DELETED);
        setSelected([]);
        setConfirming(false);
      },
    });

  const content = (
    <QueryState
      query={emails}
      what={`Your ${label.toLowerCase()}`}
      empty="No messages yet."
      isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
    >
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        return (
          <>
            <div className="mail-toolbar">
              <button
                type="button"
                className="btn btn-danger"
                disabled={selected.length === 0}
                onClick={() => setConfirming(true)}
              >
                Delete selected{selected.length > 0 && ` (${selected.length})`}
              </button>
              <span className="muted">
                {items.length} of {data.pages[0]?.total ?? items.length}
              </span>
            </div>
            <MailList
              folder={folder}
              label={label}
              emails={items}
              zone={zone}
              selected={selected}
              onSelect={setSelected}
            />
            <ZoneNote zone={zone} />
            <LoadMore query={emails} className="mail-more" />
          </>
        );
      }}
    </QueryState>
  );

  return (
    <section aria-labelledby="folder-title">
      <h2 id="folder-title" className="visually-hidden">
        {label}
      </h2>
      {content}
      {confirming && (
        <ConfirmDialog
          title={selected.length === 1 ? 'Delete this message?' : `Delete ${selected.length} messages?`}
          text="Only your copy is deleted: the other person keeps theirs."
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
