/**
 * /coach/messages/:id: a thread with one of the coach's clients, oldest first, with its attachments and a reply
 * (with files) at the bottom. Opening it marks what was unread: the menu's badge follows. The coach's
 * notification mail links here. Another coach's thread, or an address whose id is none, is "not found".
 */
import { Link, useParams } from 'react-router-dom';
import { statusOf } from '@/lib/api-call';
import { MessageCard } from '@/components/message-card';
import { ReplySection } from '@/components/message-form';
import { QueryState } from '@/components/query-state';
import { NotFoundState } from '@/components/refused-state';
import { ZoneNote } from '@/components/zone-note';
import { paths } from '@/config/paths';
import { displayZone } from '@/lib/dates';
import { routeId } from '@/lib/route-id';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { fullName } from '@/lib/user';
import { useThread } from '../api/get-thread';
import { useSendMessage } from '../api/send-message';
import { MESSAGE_SENT } from './compose-page';
import './coach-mailbox.css';

const back = { to: paths.coachMessages, label: 'Back to Messages' };

export default function ThreadPage() {
  const thread = routeId(useParams().id);
  return (
    <section className="page" aria-labelledby="page-title">
      {thread === null ? <NotFoundState subject="message" back={back} /> : <Thread thread={thread} />}
    </section>
  );
}

function Thread({ thread }: { thread: number }) {
  const user = useUser();
  const emails = useThread(user.id, thread);
  const send = useSendMessage(user.id);
  const zone = displayZone(user.time_zone);

  if (statusOf(emails.error) === 404) return <NotFoundState subject="message" back={back} />;
  return (
    <QueryState query={emails} what="This conversation">
      {(messages) => {
        const first = messages[0];
        const last = messages.at(-1);
        if (!first || !last) return <NotFoundState subject="message" back={back} />;
        const client = first.from === user.id ? first.touser : first.fromuser;
        return (
          <>
            <p className="thread-back">
              <Link to={paths.coachMessages}>← Messages</Link>
            </p>
            <h1 id="page-title" className="page-title">
              {first.subject}
            </h1>
            <p className="muted thread-with">
              With <Link to={paths.coachClient(client.id)}>{fullName(client)}</Link>
            </p>
            <ol className="thread" aria-label="Messages">
              {messages.map((email) => (
                <li key={email.id}>
                  <MessageCard email={email} zone={zone} />
                </li>
              ))}
            </ol>
            <ZoneNote zone={zone} />
            <ReplySection
              threadSubject={first.subject}
              Heading="h2"
              pending={send.isPending}
              onSend={(letter) =>
                send.mutateAsync({ to: { thread: last.id }, letter }).then(() => notify.success(MESSAGE_SENT))
              }
            />
          </>
        );
      }}
    </QueryState>
  );
}
