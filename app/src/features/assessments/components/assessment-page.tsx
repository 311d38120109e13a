/**
 * /assessments/:id: one assessment's analysis (amounts in its currency) and its implementation plan: the focus
 * areas, first priority first, each with its steps and a form to add one (optionally onto the action-steps board).
 */
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { QueryState } from '@/components/query-state';
import { NotFoundState, RefusedState } from '@/components/refused-state';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/dates';
import { routeId } from '@/lib/route-id';
import { useAnalysis } from '../api/get-analysis';
import { useCurrencies } from '../api/get-currencies';
import { usePlan } from '../api/get-implementation-plan';
import { formatAmount } from '../lib/money';
import { AnalysisTable } from './analysis-table';
import { FocusAreaCard } from './focus-area-card';
import './assessments.css';
import { PageFrame } from '@/components/page-frame';

function Plan({ assessmentId }: { assessmentId: number }) {
  const plan = usePlan(assessmentId);
  return (
    <QueryState
      query={plan}
      what="The implementation plan"
      empty="No focus areas in this assessment yet. Your coach marks them when you agree on priorities together."
      isEmpty={(data) => data.focus_areas.length === 0}
    >
      {(data) => (
        <div className="focus-areas">
          {data.focus_areas.map((area) => (
            <FocusAreaCard key={area.id} area={area} />
          ))}
        </div>
      )}
    </QueryState>
  );
}

const BACK = { to: paths.assessments, label: 'See all your assessments' };

function Assessment({ assessmentId }: { assessmentId: number }) {
  const analysis = useAnalysis(assessmentId);
  const currencies = useCurrencies();

  let body;
  if (analysis.isPending || currencies.isPending) body = <PageLoading />;
  else if (analysis.isError) {
    body = <RefusedState subject="assessment" error={analysis.error} retry={analysis.refetch} back={BACK} />;
  } else if (currencies.isError) {
    body = <LoadFailed what="This assessment" error={currencies.error} retry={currencies.refetch} />;
  } else {
    const data = analysis.data;
    const currency = currencies.data.find((c) => c.id === data.currency_id);
    const money = (amount: number) => formatAmount(amount, currency?.code);
    body = (
      <>
        <p className="muted">
          Assessed on {formatDay(data.assessed_on)}
          {data.company && <> · {data.company}</>}
          {currency && (
            <>
              {' '}
              · Amounts in {currency.name} ({currency.code}), a year
            </>
          )}
        </p>
        <dl className="assessment-totals">
          <div className="card">
            <dt>Profit now</dt>
            <dd>{money(data.totals.current)}</dd>
          </div>
          <div className="card">
            <dt>Potential</dt>
            <dd>{money(data.totals.potential)}</dd>
          </div>
          <div className="card">
            <dt>Gap to close</dt>
            <dd>{money(data.totals.gap)}</dd>
          </div>
        </dl>
        <section className="card" aria-labelledby="analysis-title">
          <h2 id="analysis-title">Analysis</h2>
          {data.areas.length === 0 ? (
            <p className="muted">This assessment has no areas yet.</p>
          ) : (
            <AnalysisTable analysis={data} code={currency?.code} />
          )}
        </section>
        <section aria-labelledby="plan-title" className="assessment-plan">
          <h2 id="plan-title">Focus areas and implementation</h2>
          <Plan assessmentId={data.id} />
        </section>
      </>
    );
  }

  return <AssessmentFrame title={analysis.data?.title}>{body}</AssessmentFrame>;
}

function AssessmentFrame({ title, children }: { title?: string | undefined; children: ReactNode }) {
  return (
    <PageFrame
      title={title ?? 'Assessment'}
      className="assessment-page"
      back={{ to: paths.assessments, label: '← All assessments' }}
    >
      {children}
    </PageFrame>
  );
}

export default function AssessmentPage() {
  const assessmentId = routeId(useParams().id);
  if (assessmentId === null)
    return (
      <AssessmentFrame>
        <NotFoundState subject="assessment" back={BACK} />
      </AssessmentFrame>
    );
  return <Assessment assessmentId={assessmentId} />;
}
