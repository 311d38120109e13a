import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useAddTeamMember } from '../api/add-team-member';
import { addedMessage } from './messages';
import { FormButtons } from '@/components/form-buttons';

/** Adds a team member; the fields are cleared only once the member is saved, and problems show beside them. */
export function AddMemberForm() {
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [email, setEmail] = useState('');
  const { errors, show, fromError } = useFieldErrors<'first_name' | 'last_name' | 'email'>();
  const add = useAddTeamMember();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const member = { first_name: first.trim(), last_name: last.trim(), email: email.trim() || null };
    const found = {
      ...(!member.first_name && { first_name: 'Enter their first name.' }),
      ...(!member.last_name && { last_name: 'Enter their last name.' }),
    };
    if (show(found, form)) return;
    try {
      const saved = await add.mutateAsync(member);
      notify.success(addedMessage(saved.first_name, saved.last_name));
      setFirst('');
      setLast('');
      setEmail('');
    } catch (error) {
      // The values stay for another try.
      fromError(error, form);
    }
  };

  return (
    <form className="team-form" onSubmit={submit} noValidate aria-labelledby="add-member-title">
      <h3 id="add-member-title">Add a team member</h3>
      <div className="team-form-grid">
        <Field
          label="First name"
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          error={errors.first_name}
        />
        <Field
          label="Last name"
          value={last}
          onChange={(e) => setLast(e.target.value)}
          error={errors.last_name}
        />
        <Field
          label="Email (optional)"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
      </div>
      <FormButtons submitLabel="Add member" pendingLabel="Adding..." pending={add.isPending} />
    </form>
  );
}
