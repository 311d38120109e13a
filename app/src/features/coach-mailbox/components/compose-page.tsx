/**
 * /coach/messages/new: a new message to one of the coach's clients (chosen here, or already chosen by the
 * address's ?client=), with files; sent, it opens as a thread of its own.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MessageForm } from '@/components/message-form';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { routeId } from '@/lib/route-id';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useClientChoices, type ClientChoice } from '../api/get-clients';
import { useSendMessage } from '../api/send-message';
import { ClientSelect } from './client-select';
import { PageFrame } from '@/components/page-frame';

export const MESSAGE_SENT = 'Message sent';

export default function ComposePage() {
  const clients = useClientChoices();
  return (
    <PageFrame title="New message">
      <QueryState query={clients} what="Your clients" empty="You have no clients to write to yet.">
        {(list) => <Compose clients={list} />}
      </QueryState>
    </PageFrame>
  );
}

function Compose({ clients }: { clients: ClientChoice[] }) {
  const user = useUser();
  const send = useSendMessage(user.id);
  const navigate = useNavigate();
  const asked = routeId(useSearchParams()[0].get('client') ?? undefined);
  const [to, setTo] = useState(clients.some((client) => client.id === asked) ? asked : null);

  return (
    <section className="card" aria-label="Write a message">
      <MessageForm
        bodyLabel="Message"
        submitLabel="Send"
        pending={send.isPending}
        onSend={(letter) =>
          // The select is required: the browser does not submit without a client.
          send.mutateAsync({ to: { client: to ?? 0 }, letter }).then((email) => {
            notify.success(MESSAGE_SENT);
            void navigate(paths.coachThread(email.parent ?? email.id));
          })
        }
      >
        <ClientSelect
          label="To"
          allLabel="Choose a client"
          clients={clients}
          value={to}
          required
          onChange={setTo}
        />
      </MessageForm>
    </section>
  );
}
