/** /messages/compose: a new message to the coach; sent, it opens as a thread of its own. */
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useSendEmail } from '../api/send-email';
import { MessageForm } from '@/components/message-form';

export const MESSAGE_SENT = 'Message sent';

export default function ComposePage() {
  const user = useUser();
  const send = useSendEmail(user.id);
  const navigate = useNavigate();

  return (
    <section className="card" aria-labelledby="compose-title">
      <h2 id="compose-title" className="mail-form-title">
        New message
      </h2>
      <MessageForm
        recipient="your coach"
        bodyLabel="Message"
        submitLabel="Send"
        pending={send.isPending}
        onSend={(input) =>
          send.mutateAsync(input).then((email) => {
            notify.success(MESSAGE_SENT);
            void navigate(paths.messagesThread(email.parent ?? email.id));
          })
        }
      />
    </section>
  );
}
