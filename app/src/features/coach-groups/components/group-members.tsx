/**
 * The group's members: each one's progress (lessons with every step ticked, of the published lessons) and
 * payment, removed at once (they lose the group's lessons then; adding them again restores their place), and
 * the coach's other clients to add.
 */
import { useState, type FormEvent } from 'react';
import { FormButtons } from '@/components/form-buttons';
import { SelectField } from '@/components/field';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { fullName } from '@/lib/user';
import type { GroupPageData } from '../api/get-group';
import { useGroupMembers } from '../api/group-members';

const PAYMENT = { free: 'Free group', paid: 'Paid', unpaid: 'Not paid yet' } as const;

function AddMember({ group }: { group: GroupPageData }) {
  const [clientId, setClientId] = useState('');
  const { add } = useGroupMembers(group.id);
  const { errors, show, fromError } = useFieldErrors<'client_id'>();
  if (group.candidates.length === 0) return <p className="muted">Every client of yours is in this group.</p>;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ client_id: clientId ? undefined : 'Choose a client to add.' }, form)) return;
    add.mutate(Number(clientId), {
      onSuccess: () => {
        notify.success('Member added');
        setClientId('');
      },
      onError: (error) => fromError(error, form),
    });
  };
  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <SelectField
        label="Add a client"
        value={clientId}
        onChange={(e) => setClientId(e.target.value)}
        error={errors.client_id}
      >
        <option value="">Choose a client</option>
        {group.candidates.map((c) => (
          <option key={c.id} value={c.id}>
            {`${fullName(c)} (${c.email})`}
          </option>
        ))}
      </SelectField>
      <FormButtons submitLabel="Add member" pending={add.isPending} pendingLabel="Adding..." />
    </form>
  );
}

export function GroupMembers({ group }: { group: GroupPageData }) {
  const { remove } = useGroupMembers(group.id);
  return (
    <section className="card" aria-labelledby="group-members">
      <h2 id="group-members">Members</h2>
      {group.members.length === 0 ? (
        <p className="muted">No members yet.</p>
      ) : (
        <table className="members-table">
          <caption className="visually-hidden">Members, their progress and payment</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Progress</th>
              <th scope="col">Payment</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {group.members.map((m) => (
              <tr key={m.id}>
                <td>
                  {fullName(m)}
                  <br />
                  <span className="muted">
                    {m.status === 'pending' ? 'Waiting for confirmation' : m.email}
                  </span>
                </td>
                <td>
                  {m.completed_lessons} of {group.published_lessons} lessons completed
                </td>
                <td>{PAYMENT[m.payment]}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-link"
                    aria-label={`Remove ${fullName(m)} from the group`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(m.id, {
                        onSuccess: () => notify.success(`${fullName(m)} removed from the group`),
                      })
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AddMember group={group} />
    </section>
  );
}
