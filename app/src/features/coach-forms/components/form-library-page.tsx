/**
 * /coach/forms and /admin/forms: the forms to send. A coach sees their own (to edit and archive) and the
 * portal's (the admin's, to send); an admin the portal's. Archived forms are listed apart, to restore.
 */
import { Link } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { userRole } from '@/lib/user';
import { questionsOf } from '../../../../../contracts/forms';
import type { Layout } from '../../../../../contracts/forms';
import { useArchiveForm, useFormLibrary, type Form } from '../api/form-library';
import './form-builder.css';

const count = (n: number) => `${n} question${n === 1 ? '' : 's'}`;

function FormRow({ form, own, to }: { form: Form; own: boolean; to: string }) {
  const archive = useArchiveForm();
  const toggle = () =>
    archive.mutate(
      { id: form.id, archived: !form.archived },
      { onSuccess: () => notify.success(form.archived ? 'Form restored' : 'Form archived') },
    );
  return (
    <li className="card library-row">
      <div>
        <Link to={to}>{form.title}</Link>
        <p className="muted">
          {[
            count(questionsOf(form.layout as Layout).length),
            `version ${form.version}`,
            `changed ${formatDate(form.updated_at.slice(0, 10))}`,
            form.intake && 'sent to each new client',
            !own && 'your portal’s, kept by its admin',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {own && (
        <button
          type="button"
          className="btn"
          disabled={archive.isPending}
          aria-label={`${form.archived ? 'Restore' : 'Archive'} ${form.title}`}
          onClick={toggle}
        >
          {form.archived ? 'Restore' : 'Archive'}
        </button>
      )}
    </li>
  );
}

export default function FormLibraryPage() {
  const role = userRole(useUser());
  const formPath = role === 'admin' ? paths.adminForm : paths.coachForm;
  const library = useFormLibrary();
  // A coach changes their own forms; an admin the portal's, which are all an admin lists.
  const own = (f: Form) => role === 'admin' || !f.tenant_wide;
  return (
    <PageFrame title="Forms">
      <p className="muted">
        {role === 'admin'
          ? 'The portal’s forms: every coach can send them to their clients.'
          : 'Questionnaires to send your clients or a group: an intake, a check-in before a session.'}
      </p>
      <p>
        <Link className="btn btn-primary" to={formPath('new')}>
          New form
        </Link>
      </p>
      <QueryState query={library} what="Your forms" empty="No forms yet. Build one with “New form”.">
        {(forms) => {
          const active = forms.filter((f) => !f.archived);
          const archived = forms.filter((f) => f.archived);
          return (
            <>
              <section aria-labelledby="forms-active">
                <h2 id="forms-active">Forms to send</h2>
                {active.length === 0 ? (
                  <p className="card empty-state muted">Every form is archived.</p>
                ) : (
                  <ul className="library-list">
                    {active.map((f) => (
                      <FormRow key={f.id} form={f} own={own(f)} to={formPath(f.id)} />
                    ))}
                  </ul>
                )}
              </section>
              {archived.length > 0 && (
                <section aria-labelledby="forms-archived">
                  <h2 id="forms-archived">Archived</h2>
                  <p className="muted">Not offered to send; forms already sent stay with their clients.</p>
                  <ul className="library-list">
                    {archived.map((f) => (
                      <FormRow key={f.id} form={f} own={own(f)} to={formPath(f.id)} />
                    ))}
                  </ul>
                </section>
              )}
            </>
          );
        }}
      </QueryState>
    </PageFrame>
  );
}
