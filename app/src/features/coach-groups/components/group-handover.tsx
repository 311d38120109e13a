/**
 * Hands the group to another coach of the business, after a confirmation: it leaves this coach's groups with
 * its sessions and the lessons only it holds. The API refuses while a member is not the colleague's client,
 * and says who, beside the choice.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SelectField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { paths } from '@/config/paths';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { fullName } from '@/lib/user';
import type { GroupPageData } from '../api/get-group';
import { useHandOverGroup } from '../api/hand-over-group';

export function GroupHandover({ group }: { group: GroupPageData }) {
  const [coachId, setCoachId] = useState('');
  const [confirming, setConfirming] = useState<HTMLFormElement | null>(null);
  const handOver = useHandOverGroup(group.id);
  const navigate = useNavigate();
  const { errors, show, fromError } = useFieldErrors<'coach_id'>();
  const colleague = group.colleagues.find((c) => String(c.id) === coachId);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ coach_id: colleague ? undefined : 'Choose the coach to hand the group to.' }, form)) return;
    setConfirming(form);
  };
  const confirm = () => {
    const form = confirming;
    if (!colleague || !form) return;
    handOver.mutate(colleague.id, {
      onSuccess: (done) => {
        notify.success(`"${group.title}" is now ${fullName(done.coach)}'s group`);
        navigate(paths.coachGroups);
      },
      onError: (error) => {
        setConfirming(null);
        fromError(error, form);
      },
    });
  };
  return (
    <section className="card" aria-labelledby="group-handover">
      <h2 id="group-handover">Coach</h2>
      {group.colleagues.length === 0 ? (
        <p className="muted">You lead this group. No other coach of your business could take it over.</p>
      ) : (
        <form className="inline-form" aria-labelledby="group-handover" onSubmit={submit} noValidate>
          <SelectField
            label="Hand over to"
            value={coachId}
            onChange={(e) => setCoachId(e.target.value)}
            error={errors.coach_id}
            hint="Its members must be the other coach's clients. You will no longer see or edit the group."
          >
            <option value="">Choose a coach</option>
            {group.colleagues.map((c) => (
              <option key={c.id} value={c.id}>
                {fullName(c)}
              </option>
            ))}
          </SelectField>
          <FormButtons submitLabel="Hand over" pending={handOver.isPending} pendingLabel="Handing over..." />
        </form>
      )}
      {confirming && colleague && (
        <ConfirmDialog
          title="Hand over this group?"
          text={`"${group.title}" becomes ${fullName(colleague)}'s group, with its sessions and the lessons only it holds. You will no longer see or edit it.`}
          confirmLabel="Hand over"
          pendingLabel="Handing over..."
          pending={handOver.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
