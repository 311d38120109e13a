import { Link, useParams } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useUndoableDelete } from '@/components/use-undoable-delete';
import { routeId } from '@/lib/route-id';
import { deleteArea } from '../api/delete-area';
import { useAssessment, type Area, type AssessmentPage } from '../api/get-assessment';
import { AddAreaForm } from './add-area-form';
import { AreaEditor } from './area-editor';
import { DetailsForm } from './details-form';
import { FlashLessons } from './flash-lessons';
import './assessment.css';
import { PageFrame } from '@/components/page-frame';

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);

function Assessment({ clientId, page }: { clientId: number; page: AssessmentPage }) {
  const { assessment } = page;
  const { hidden, remove: undoable } = useUndoableDelete();
  const areas = page.areas.filter((a) => !hidden.has(a.id));
  const current = areas.reduce((n, a) => n + a.current_amount, 0);
  const potential = areas.reduce((n, a) => n + a.potential_amount, 0);

  const remove = (area: Area) =>
    undoable(area.id, `Line "${area.name}" deleted`, () => deleteArea(clientId, area.id));

  return (
    <>
      <DetailsForm clientId={clientId} page={page} />
      <section className="card" aria-labelledby="analysis-title">
        <h2 id="analysis-title">Analysis</h2>
        <p>
          Current {money(current, assessment.currency)}, potential {money(potential, assessment.currency)} (as
          saved).
        </p>
        {areas.length === 0 ? (
          <p className="muted">No analysis lines yet. Add the first below.</p>
        ) : (
          <ul className="area-list" aria-label="Analysis lines">
            {areas.map((a) => (
              <AreaEditor
                key={a.id}
                clientId={clientId}
                assessmentId={assessment.id}
                area={a}
                currency={assessment.currency}
                onDelete={() => remove(a)}
              />
            ))}
          </ul>
        )}
      </section>
      <AddAreaForm clientId={clientId} assessmentId={assessment.id} />
      <FlashLessons clientId={clientId} assessmentId={assessment.id} />
    </>
  );
}

/** An assessment the coach writes for one client: details, analysis lines and steps, and its flash lessons. */
export default function Page() {
  const params = useParams();
  const clientId = routeId(params.id);
  const assessmentId = routeId(params.assessmentid);
  const query = useAssessment(clientId, assessmentId);
  return (
    <PageFrame title={query.data ? `Assessment: ${query.data.assessment.title}` : 'Assessment'}>
      {clientId !== null && (
        <p>
          <Link to={paths.coachClient(clientId)}>Back to the client</Link>
        </p>
      )}
      {clientId === null || assessmentId === null ? (
        <p className="card empty-state muted">There is no such assessment.</p>
      ) : (
        <QueryState query={query} what="The assessment">
          {(page) => <Assessment clientId={clientId} page={page} />}
        </QueryState>
      )}
    </PageFrame>
  );
}
