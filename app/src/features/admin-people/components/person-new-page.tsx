import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { notify } from '@/lib/toast';
import { useSavePerson } from '../api/save-person';
import { PersonForm } from './person-form';
import './admin.css';
import { PageFrame } from '@/components/page-frame';

/** /admin/people/new: a new person, invited by mail unless the admin unticks it. */
export default function PersonNewPage() {
  const navigate = useNavigate();
  const save = useSavePerson();
  const [invite, setInvite] = useState(true);
  return (
    <PageFrame title="Add a person" back={{ to: paths.admin, label: 'Back to people' }}>
      <PersonForm
        submitLabel="Add the person"
        pending={save.isPending}
        onCancel={() => navigate(paths.admin)}
        onSave={async (input) => {
          const person = await save.mutateAsync({ ...input, invite });
          notify.success(invite ? `${person.email} was added and invited.` : `${person.email} was added.`);
          navigate(paths.adminPerson(person.id));
        }}
      >
        <label className="admin-check">
          <input type="checkbox" checked={invite} onChange={(e) => setInvite(e.target.checked)} />
          Send the invitation by email now (a link to set a password, valid 7 days)
        </label>
      </PersonForm>
    </PageFrame>
  );
}
