/**
 * The client's home says when a form waits for them: one card linking to it (or to the list, for several). It
 * reads the forms list quietly: the home's own content does not wait for it, and a failure shows nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formsQueryOptions } from '@/lib/forms';

export function FormsWaitingCard() {
  const forms = useQuery(formsQueryOptions());
  const waiting = forms.data?.filter((f) => f.status === 'draft') ?? [];
  const [first] = waiting;
  if (!first) return null;
  return (
    <aside className="card forms-waiting" aria-labelledby="forms-waiting-title">
      <h2 id="forms-waiting-title">
        {waiting.length === 1 ? 'A form is waiting for you' : `${waiting.length} forms are waiting for you`}
      </h2>
      <p>
        {waiting.length === 1 ? (
          <Link to={paths.form(first.id)}>Fill in {first.title}</Link>
        ) : (
          <Link to={paths.forms}>See your forms</Link>
        )}
      </p>
    </aside>
  );
}
