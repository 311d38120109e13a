/**
 * /coach/groups/new: a new group's details. It starts as a draft (its members see it once the coach opens
 * it), in the currency of the coach's groups unless another is typed; its page then takes lessons and members.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormButtons } from '@/components/form-buttons';
import { paths } from '@/config/paths';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useCreateGroup } from '../api/save-group';
import { emptyDraft, inputOf, problems, type GroupField } from './group-draft';
import { GroupFields } from './group-fields';
import './coach-groups.css';
import { PageFrame } from '@/components/page-frame';

export default function Page() {
  const [draft, setDraft] = useState(emptyDraft);
  const { errors, show, fromError } = useFieldErrors<GroupField>();
  const create = useCreateGroup();
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show(problems(draft), form)) return;
    const { currency, ...input } = inputOf(draft);
    create.mutate(currency ? { ...input, currency } : input, {
      onSuccess: (group) => {
        notify.success('Group created');
        void navigate(paths.coachGroup(group.id));
      },
      onError: (error) => fromError(error, form),
    });
  };
  return (
    <PageFrame title="New group" back={{ to: paths.coachGroups, label: 'Back to your groups' }}>
      <form className="card" onSubmit={submit} noValidate>
        <GroupFields draft={draft} errors={errors} onChange={setDraft} />
        <FormButtons
          submitLabel="Create group"
          pending={create.isPending}
          pendingLabel="Creating..."
          onCancel={() => void navigate(paths.coachGroups)}
        />
      </form>
    </PageFrame>
  );
}
