/** /forms: the forms the client's coach sent them: those to fill (drafts) first, then those submitted. */
import { Link } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/dates';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session';
import { formsQueryOptions, useForms, type FormSendSummary } from '../api/forms-api';
import './forms.css';

/** Asks for the list as soon as this chunk arrives (see app/lazy-page). */
export function prefetch(): void {
  if (sessionStore.get()) void queryClient.prefetchQuery(formsQueryOptions());
}

function FormList({ title, id, items }: { title: string; id: string; items: FormSendSummary[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? (
        <p className="card empty-state muted">{id === 'to-fill' ? 'Nothing to fill in.' : 'None yet.'}</p>
      ) : (
        <ul className="form-list">
          {items.map((f) => (
            <li key={f.id} className="card">
              <Link to={paths.form(f.id)}>{f.title}</Link>
              <p className="muted">
                {f.status === 'submitted'
                  ? `Submitted ${formatDate(f.submitted_at ?? '')}`
                  : [f.due_on && `Due ${formatDate(f.due_on)}`, f.saved_at && 'Started']
                      .filter(Boolean)
                      .join(' · ') || 'Not started'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function FormsPage() {
  const forms = useForms();
  return (
    <PageFrame title="Forms">
      <QueryState query={forms} what="Your forms" empty="Your coach has not sent you a form yet.">
        {(list) => (
          <>
            <FormList title="To fill in" id="to-fill" items={list.filter((f) => f.status === 'draft')} />
            <FormList title="Submitted" id="submitted" items={list.filter((f) => f.status === 'submitted')} />
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
