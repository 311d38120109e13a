import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { stageLabel, stageOf } from '@/lib/stages';
import { notify } from '@/lib/toast';
import { formatDay } from '@/lib/dates';
import { useAddImplementation, type StepInput } from '../api/add-implementation';
import type { PlannedFocusArea } from '../api/get-implementation-plan';
import { usePriorityImplementation, type ImplementationStep } from '../api/get-priority-implementation';
import { StepForm } from './step-form';

const STEP_ADDED = 'Implementation step added';
const STEP_ADDED_TO_BOARD = 'Implementation step added to your action steps';

function StepItem({ step }: { step: ImplementationStep }) {
  return (
    <li className="step">
      <h4>{step.title}</h4>
      {step.description && <p className="step-text">{step.description}</p>}
      {step.due_date && <p className="muted">Due {formatDay(step.due_date)}</p>}
      {step.action_step ? (
        <p className="step-board">
          <span className="stage-badge">{stageLabel(stageOf('action-step', step.action_step.status))}</span>{' '}
          <Link to={paths.actionSteps}>On your action steps board</Link>
        </p>
      ) : (
        <p className="muted">Not on your action steps board</p>
      )}
    </li>
  );
}

/** One focus area of the plan: its goal, progress and steps (GET priorities/implementation), and the add form. */
export function FocusAreaCard({ area }: { area: PlannedFocusArea }) {
  const implementation = usePriorityImplementation(area.id);
  const add = useAddImplementation();
  const [adding, setAdding] = useState(false);
  // When the form closes, focus goes back to the button that opened it, not to the top of the page.
  const refocus = useRef(false);
  const close = () => {
    refocus.current = true;
    setAdding(false);
  };
  const headingId = `focus-${area.id}-title`;

  // A refusal rejects, for the form to show beside its fields.
  const save = async (input: StepInput) => {
    const step = await add.mutateAsync(input);
    notify.success(step.action_step ? STEP_ADDED_TO_BOARD : STEP_ADDED);
    close();
  };

  const steps = (
    <QueryState
      query={implementation}
      what="The steps"
      errorClassName="inline-state"
      loading={<p role="status">Loading steps...</p>}
      empty={<p className="muted">No steps yet. What is the first thing you will do?</p>}
      isEmpty={(answer) => answer.data.length === 0}
    >
      {(answer) => (
        <ol className="step-list">
          {answer.data.map((step) => (
            <StepItem key={step.id} step={step} />
          ))}
        </ol>
      )}
    </QueryState>
  );

  return (
    <section className="card focus-area" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span className="focus-rank">Priority {area.focus_rank}</span> {area.name}
      </h3>
      {area.goal && <p className="focus-goal">Goal: {area.goal}</p>}
      <p className="muted">
        {area.steps_total} {area.steps_total === 1 ? 'step' : 'steps'} · {area.steps_on_board} on your action
        steps board · {area.steps_completed} completed
      </p>
      {steps}
      {adding ? (
        <StepForm
          focusAreaId={area.id}
          focusAreaName={area.name}
          pending={add.isPending}
          onSave={save}
          onCancel={close}
        />
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setAdding(true)}
            ref={(button) => {
              if (button && refocus.current) {
                refocus.current = false;
                button.focus();
              }
            }}
          >
            Add a step<span className="visually-hidden"> to {area.name}</span>
          </button>
        </div>
      )}
    </section>
  );
}
