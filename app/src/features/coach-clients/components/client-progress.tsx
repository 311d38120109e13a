import { Link, useNavigate } from 'react-router-dom';
import { LessonProgress } from '@/components/lesson-progress';
import { paths } from '@/config/paths';
import { MetricChart } from '@/components/metric-chart';
import { formatDate, formatMonth } from '@/lib/dates';
import { formatAmount } from '@/lib/metric-amounts';
import { useCreateAssessment } from '../api/create-assessment';
import type { ClientPageData } from '../api/get-client';

/** Today's date (YYYY-MM-DD) on the coach's own clock: the day a new assessment is made. */
const today = () => new Date().toLocaleDateString('en-CA');

/** The client's assessments, each opening the page where the coach writes it and opens its flash lessons. */
function Assessments({ data }: { data: ClientPageData }) {
  const create = useCreateAssessment(data.client.id);
  const navigate = useNavigate();
  const start = () =>
    create.mutateAsync({ title: 'New assessment', assessed_on: today() }).then(
      (id) => navigate(paths.coachAssessment(data.client.id, id)),
      () => undefined,
    );
  return (
    <>
      {data.assessments.length === 0 ? (
        <p className="muted">No assessments yet.</p>
      ) : (
        <ul className="client-list">
          {data.assessments.map((a) => (
            <li key={a.id} className="client-row">
              <Link to={paths.coachAssessment(data.client.id, a.id)}>
                <strong>{a.title}</strong>
              </Link>
              <span className="muted">Assessed {formatDate(a.assessed_on)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <button type="button" className="btn" disabled={create.isPending} onClick={() => void start()}>
          New assessment
        </button>
      </div>
    </>
  );
}

function Metrics({ metrics }: { metrics: ClientPageData['metrics'] }) {
  if (metrics.length === 0) return <p className="muted">The client tracks no metrics yet.</p>;
  return (
    <ul className="client-list">
      {metrics.map((m) => {
        const latest = m.values.at(-1);
        return (
          <li key={m.id} className="client-row client-metric">
            <h3>{m.name}</h3>
            <span className="muted">
              {latest
                ? `Latest: ${formatMonth(latest.period)}, ${formatAmount(latest.value, m.unit)}`
                : 'No month recorded yet.'}
              {m.target !== null && `; target ${formatAmount(m.target, m.unit)}`}
            </span>
            {m.values.length > 0 && <MetricChart metric={m} />}
          </li>
        );
      })}
    </ul>
  );
}

/** How the client is doing: metrics with their charts, assessments, and groups with lesson progress. */
export function ClientProgress({ data }: { data: ClientPageData }) {
  return (
    <>
      <section id="metrics" className="card client-section" aria-labelledby="metrics-title">
        <h2 id="metrics-title">Metrics</h2>
        <Metrics metrics={data.metrics} />
      </section>
      <section id="assessments" className="card client-section" aria-labelledby="assessments-title">
        <h2 id="assessments-title">Assessments</h2>
        <p className="muted">
          Open one to write its analysis and plan, and to open flash lessons to the client.
        </p>
        <Assessments data={data} />
      </section>
      <section id="groups" className="card client-section" aria-labelledby="groups-title">
        <h2 id="groups-title">Groups</h2>
        {data.groups.length === 0 ? (
          <p className="muted">The client is in no group.</p>
        ) : (
          <ul className="client-list">
            {data.groups.map((g) => (
              <li key={g.id} className="client-row">
                <strong>{g.title}</strong>
                <span className="muted">
                  {g.status}, since {formatDate(g.joined_at)}: {g.completed} of {g.lessons} lessons completed,{' '}
                  {g.started} started
                </span>
                <LessonProgress
                  stepsDone={g.completed}
                  totalSteps={g.lessons}
                  label={`${g.title}: lessons completed`}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
