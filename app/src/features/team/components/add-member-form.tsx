import type { FormEvent } from 'react';
import { Field } from '@/components/field';
import { notify } from '@/lib/toast';
import { useFormFields } from '@/lib/use-form-fields';
import { useAddTeamMember } from '../api/add-team-member';
import { addedMessage } from './messages';
import { FormButtons } from '@/components/form-buttons';

/** Adds a team member; the fields are cleared only once the member is saved, and problems show beside them. */
export function AddMemberForm() {
  const { values, field, reset, show, fromError } = useFormFields({
    first_name: '',
    last_name: '',
    email: '',
  });
  const add = useAddTeamMember();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const member = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim() || null,
    };
    const found = {
      ...(!member.first_name && { first_name: 'Enter their first name.' }),
      ...(!member.last_name && { last_name: 'Enter their last name.' }),
    };
    if (show(found, form)) return;
    try {
      const saved = await add.mutateAsync(member);
      notify.success(addedMessage(saved.first_name, saved.last_name));
      reset();
    } catch (error) {
      // The values stay for another try.
      fromError(error, form);
    }
  };

  return (
    <form className="team-form" onSubmit={submit} noValidate aria-labelledby="add-member-title">
      <h3 id="add-member-title">Add a team member</h3>
      <div className="team-form-grid">
        <Field label="First name" {...field('first_name')} />
        <Field label="Last name" {...field('last_name')} />
        <Field label="Email (optional)" type="email" {...field('email')} />
      </div>
      <FormButtons submitLabel="Add member" pendingLabel="Adding..." pending={add.isPending} />
    </form>
  );
}
