/** /assessments: the client's assessments, newest first, each opening its analysis and implementation plan. */
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/dates';
import { useAssessments, type AssessmentSummary } from '../api/get-assessments';
import './assessments.css';
import { PageFrame } from '@/components/page-frame';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function AssessmentCard({ assessment }: { assessment: AssessmentSummary }) {
  const titleId = `assessment-${assessment.id}-title`;
  return (
    <article className="card assessment-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Link to={paths.assessment(assessment.id)}>{assessment.title}</Link>
      </h2>
      <p className="muted">
        Assessed on {formatDay(assessment.assessed_on)}
        {assessment.company && <> · {assessment.company}</>}
      </p>
      <p>
        {plural(assessment.areas_count, 'area', 'areas')} ·{' '}
        {plural(assessment.focus_count, 'focus area', 'focus areas')} ·{' '}
        {plural(assessment.steps_count, 'implementation step', 'implementation steps')}
      </p>
    </article>
  );
}

export default function AssessmentsPage() {
  const assessments = useAssessments();

  const body = (
    <QueryState
      query={assessments}
      what="Your assessments"
      empty="No assessments yet. Your coach adds them here after reviewing your business with you."
    >
      {(list) => (
        <ul className="assessment-list">
          {list.map((assessment) => (
            <li key={assessment.id}>
              <AssessmentCard assessment={assessment} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <PageFrame title="My Assessments" className="assessments-page">
      <p className="muted">
        Your coach’s reviews of your business. Open one to see where the profit is and to plan the steps of
        its focus areas; a step can go on <Link to={paths.actionSteps}>your action steps board</Link>.
      </p>
      {body}
    </PageFrame>
  );
}
