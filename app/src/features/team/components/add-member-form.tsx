import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { notify } from '@/lib/toast';
import { useAddTeamMember } from '../api/add-team-member';
import { addedMessage } from './messages';

/** Adds a team member; the fields are cleared only once the member is saved. */
export function AddMemberForm() {
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddTeamMember();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const member = { first_name: first.trim(), last_name: last.trim(), email: email.trim() || null };
    if (!member.first_name || !member.last_name) return setProblem('Enter a first and a last name.');
    setProblem(null);
    try {
      const saved = await add.mutateAsync(member);
      notify.success(addedMessage(saved.first_name, saved.last_name));
      setFirst('');
      setLast('');
      setEmail('');
    } catch {
      // The interceptor showed why; the values stay for another try.
    }
  };

  return (
    <form className="team-form" onSubmit={submit} noValidate aria-labelledby="add-member-title">
      <h3 id="add-member-title">Add a team member</h3>
      <div className="team-form-grid">
        <Field label="First name" value={first} onChange={(e) => setFirst(e.target.value)} error={problem} />
        <Field label="Last name" value={last} onChange={(e) => setLast(e.target.value)} />
        <Field
          label="Email (optional)"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add member'}
      </button>
    </form>
  );
}
