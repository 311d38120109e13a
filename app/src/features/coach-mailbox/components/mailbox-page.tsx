/**
 * /coach/messages: the coach's threads with their clients, latest first, the unread ones in bold with their
 * count; a client can be picked to see only their threads (kept in the address, so it can be bookmarked).
 */
import { Link, useSearchParams } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { displayZone, formatShortDate } from '@/lib/dates';
import { routeId } from '@/lib/route-id';
import { useUser } from '@/lib/session';
import { fullName } from '@/lib/user';
import { useClientChoices } from '../api/get-clients';
import { useThreads, type Thread } from '../api/get-threads';
import { ClientSelect } from './client-select';
import './coach-mailbox.css';
import { PageFrame } from '@/components/page-frame';

export default function MailboxPage() {
  const user = useUser();
  const [search, setSearch] = useSearchParams();
  const clientId = routeId(search.get('client') ?? undefined);
  const threads = useThreads(user.id, clientId);
  const clients = useClientChoices();
  const zone = displayZone(user.time_zone);

  return (
    <PageFrame title="Messages">
      <div className="coach-mail-toolbar">
        <ClientSelect
          label="Show"
          allLabel="All clients"
          clients={clients.data ?? []}
          value={clientId}
          onChange={(id) => setSearch(id === null ? {} : { client: String(id) }, { replace: true })}
        />
        <Link
          className="btn btn-primary"
          to={clientId === null ? paths.coachCompose : `${paths.coachCompose}?client=${clientId}`}
        >
          New message
        </Link>
      </div>
      <QueryState
        query={threads}
        what="Your messages"
        empty={clientId === null ? 'No messages with your clients yet.' : 'No messages with this client yet.'}
      >
        {(list) => (
          <div className="card">
            <ul className="coach-threads" aria-label="Threads">
              {list.map((thread) => (
                <ThreadRow key={thread.id} thread={thread} zone={zone} />
              ))}
            </ul>
          </div>
        )}
      </QueryState>
    </PageFrame>
  );
}

function ThreadRow({ thread, zone }: { thread: Thread; zone: string }) {
  return (
    <li className={thread.unread > 0 ? 'coach-thread-row unread' : 'coach-thread-row'}>
      <Link className="coach-thread-link" to={paths.coachThread(thread.id)}>
        <span className="coach-thread-who">{fullName(thread.client)}</span>
        <span className="coach-thread-subject">{thread.subject}</span>
        <span className="coach-thread-meta muted">
          {thread.unread > 0 && (
            <span className="badge">
              {thread.unread}
              <span className="visually-hidden"> unread</span>
            </span>
          )}
          <span>
            {thread.messages}
            <span className="visually-hidden">{thread.messages === 1 ? ' message' : ' messages'}</span>
          </span>
          <time dateTime={thread.latest_at}>{formatShortDate(thread.latest_at, zone)}</time>
        </span>
      </Link>
    </li>
  );
}
