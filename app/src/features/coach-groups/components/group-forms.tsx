/** The group page's "Send a form": one form to every member, each filling their own. */
import { SendForm } from '@/components/send-form';
import type { GroupSent } from '../../../../../contracts/rest/forms';
import type { GroupPageData } from '../api/get-group';
import { useSendGroupForm } from '../api/send-group-form';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What a send did, in a sentence: members who still have the form waiting were not sent it again. */
function sentWords({ sent, skipped }: GroupSent): string {
  const to = sent === 0 ? 'Sent to no one' : `Sent to ${plural(sent, 'member')}`;
  return skipped === 0 ? to : `${to}; ${plural(skipped, 'member')} still had it to fill`;
}

export function GroupForms({ group }: { group: GroupPageData }) {
  const send = useSendGroupForm(group.id);
  return (
    <section className="card" aria-labelledby="group-forms">
      <h2 id="group-forms">Forms</h2>
      {group.members.length === 0 ? (
        <p className="muted">Add members to send them a form.</p>
      ) : (
        <SendForm
          intro={`Each of the ${plural(group.members.length, 'member')} gets their own copy to fill; anyone who has not yet submitted this form is not sent it twice.`}
          send={async ({ form_id, due_on }) => sentWords(await send.mutateAsync({ form_id, due_on }))}
          pending={send.isPending}
        />
      )}
    </section>
  );
}
