import { EmailShareForm } from '@/components/email-share-form';
import { useShareTasks } from '../api/share-tasks';
import { sharedMessage } from './messages';

/** Mails the task list to an address. */
export function ShareForm() {
  const share = useShareTasks();
  return (
    <EmailShareForm
      className="team-form"
      title="Share the task list by email"
      heading="h3"
      sendLabel="Send"
      share={share.mutateAsync}
      pending={share.isPending}
      sentMessage={sharedMessage}
    />
  );
}
