/** The group page's details, autosaved as the coach types ("Saved" shown); a problem is said beside its field. */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/lib/api-call';
import { SaveStatus } from '@/components/save-status';
import { useAutosave } from '@/lib/autosave';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { groupQueryOptions, type GroupPageData } from '../api/get-group';
import { groupsQueryOptions } from '../api/get-groups';
import { changeGroup } from '../api/save-group';
import { draftOf, hasProblems, inputOf, problems, type GroupField } from './group-draft';
import { GroupFields } from './group-fields';

export function GroupDetails({ group }: { group: GroupPageData }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(group));
  const [serverErrors, setServerErrors] = useState<FieldErrors<GroupField>>({});
  const { status, retry } = useAutosave(draft, async (value) => {
    if (hasProblems(value)) throw new Error('The form has something to fix.');
    try {
      const page = await changeGroup(group.id, inputOf(value));
      setServerErrors({});
      client.setQueryData(groupQueryOptions(group.id).queryKey, page);
      void client.invalidateQueries({ queryKey: groupsQueryOptions().queryKey });
    } catch (error) {
      if (isApiError(error)) setServerErrors(fieldErrorsOf<GroupField>(error));
      throw error;
    }
  });
  const local = problems(draft);
  const errors = Object.fromEntries(
    (Object.keys({ ...local, ...serverErrors }) as GroupField[]).map((f) => [f, local[f] ?? serverErrors[f]]),
  ) as FieldErrors<GroupField>;
  return (
    <section className="card" aria-labelledby="group-details">
      <h2 id="group-details">Details</h2>
      <SaveStatus status={status} retry={retry} />
      <form onSubmit={(e) => e.preventDefault()} noValidate>
        <GroupFields draft={draft} errors={errors} onChange={setDraft} />
      </form>
    </section>
  );
}
