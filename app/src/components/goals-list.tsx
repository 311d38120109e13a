/**
 * A client's goals, as the client's Goals page and the coach's page of a client show them: each with its
 * progress (the API's: done milestones and done linked steps over all of them), why, target date, milestones
 * to tick, the action steps linked to it (and one of the client's steps to link), and its status changes; and a
 * form for a new goal. Every control is a native one (checkbox, select, button), so the keyboard works as usual.
 */
import { useId, useState, type FormEvent } from 'react';
import { Field, SelectField, TextAreaField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { formatDate } from '@/lib/dates';
import type { Goal, GoalChanges, NewGoal } from '@/lib/goals';
import { stageLabel, stageOf } from '@/lib/stages';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import './goals-list.css';

/** One of the client's action steps, which a goal may be linked to. */
interface StepChoice {
  id: number;
  title: string;
}

const STATUS_LABEL: Record<Goal['status'], string> = {
  open: 'Open',
  completed: 'Completed',
  dropped: 'Dropped',
};

export function GoalProgress({ goal }: { goal: Goal }) {
  const id = useId();
  return (
    <p className="goal-progress">
      <span aria-hidden="true">Progress</span>
      <progress id={id} max={100} value={goal.progress} aria-label={`Progress of ${goal.title}`} />
      <span>{goal.progress}%</span>
    </p>
  );
}

function MilestoneForm({ goal, changes }: { goal: Goal; changes: GoalChanges }) {
  const [title, setTitle] = useState('');
  const { errors, show, fromError } = useFieldErrors<'title'>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ title: title.trim() ? undefined : 'Name the milestone.' }, form)) return;
    changes.addMilestone.mutate(
      { id: goal.id, title: title.trim() },
      { onSuccess: () => setTitle(''), onError: (error) => fromError(error, form) },
    );
  };
  return (
    <form className="goal-inline-form" onSubmit={submit} noValidate>
      <Field
        label={`New milestone of ${goal.title}`}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <FormButtons submitLabel="Add milestone" pending={changes.addMilestone.isPending} />
    </form>
  );
}

function StepLink({ goal, steps, changes }: { goal: Goal; steps: StepChoice[]; changes: GoalChanges }) {
  const linked = new Set(goal.action_steps.map((s) => s.id));
  const free = steps.filter((s) => !linked.has(s.id));
  const [chosen, setChosen] = useState('');
  const first = free[0];
  if (!first) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const stepId = Number(chosen || first.id);
    changes.link.mutate(
      { id: goal.id, stepId, linked: true },
      {
        onSuccess: () => {
          setChosen('');
          notify.success('Action step linked');
        },
      },
    );
  };
  return (
    <form className="goal-inline-form" onSubmit={submit}>
      <SelectField
        label={`Action step to link to ${goal.title}`}
        value={chosen || String(first.id)}
        onChange={(e) => setChosen(e.target.value)}
      >
        {free.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </SelectField>
      <FormButtons submitLabel="Link step" pending={changes.link.isPending} />
    </form>
  );
}

function GoalCard({ goal, steps, changes }: { goal: Goal; steps: StepChoice[]; changes: GoalChanges }) {
  const setStatus = (status: Goal['status'], done: string) =>
    changes.change.mutate({ id: goal.id, fields: { status } }, { onSuccess: () => notify.success(done) });
  const open = goal.status === 'open';
  return (
    <li className={`card goal-card goal-${goal.status}`}>
      <h3>{goal.title}</h3>
      <p className="muted">
        {STATUS_LABEL[goal.status]}
        {goal.target_date && ` · target ${formatDate(goal.target_date)}`}
        {goal.by_client ? ' · set by the client' : ' · set by the coach'}
      </p>
      <GoalProgress goal={goal} />
      {goal.why && <p className="goal-why">{goal.why}</p>}
      <h4>Milestones</h4>
      {goal.milestones.length === 0 ? (
        <p className="muted">No milestones yet.</p>
      ) : (
        <ul className="goal-list">
          {goal.milestones.map((m) => (
            <li key={m.id}>
              <label>
                <input
                  type="checkbox"
                  checked={m.done}
                  disabled={changes.tick.isPending}
                  onChange={(e) =>
                    changes.tick.mutate({ id: goal.id, milestoneId: m.id, done: e.target.checked })
                  }
                />{' '}
                {m.title}
              </label>
            </li>
          ))}
        </ul>
      )}
      {open && <MilestoneForm goal={goal} changes={changes} />}
      <h4>Action steps</h4>
      {goal.action_steps.length === 0 ? (
        <p className="muted">No action steps linked yet.</p>
      ) : (
        <ul className="goal-list">
          {goal.action_steps.map((s) => (
            <li key={s.id}>
              {s.title}
              <span className="muted"> · {stageLabel(stageOf('action-step', s.status))}</span>{' '}
              <button
                type="button"
                className="btn btn-link"
                onClick={() => changes.link.mutate({ id: goal.id, stepId: s.id, linked: false })}
                aria-label={`Unlink ${s.title} from ${goal.title}`}
              >
                Unlink
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && <StepLink goal={goal} steps={steps} changes={changes} />}
      <div className="button-row">
        {open ? (
          <>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setStatus('completed', 'Goal completed')}
              aria-label={`Mark completed: ${goal.title}`}
            >
              Mark completed
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => setStatus('dropped', 'Goal dropped')}
              aria-label={`Drop: ${goal.title}`}
            >
              Drop
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn"
            onClick={() => setStatus('open', 'Goal reopened')}
            aria-label={`Reopen: ${goal.title}`}
          >
            Reopen
          </button>
        )}
      </div>
    </li>
  );
}

interface Adding {
  mutate: (input: NewGoal, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

export function NewGoalForm({ add }: { add: Adding }) {
  const [draft, setDraft] = useState({ title: '', why: '', target_date: '' });
  const { errors, show, fromError } = useFieldErrors<'title' | 'why' | 'target_date'>();
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ title: draft.title.trim() ? undefined : 'Name the goal.' }, form)) return;
    add.mutate(
      { title: draft.title.trim(), why: draft.why.trim(), target_date: draft.target_date || null },
      {
        onSuccess: () => {
          setDraft({ title: '', why: '', target_date: '' });
          notify.success('Goal added');
        },
        onError: (error) => fromError(error, form),
      },
    );
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="new-goal-title">
      <h2 id="new-goal-title">New goal</h2>
      <Field label="Goal" value={draft.title} onChange={set('title')} error={errors.title} />
      <TextAreaField
        label="Why it matters (optional)"
        value={draft.why}
        onChange={set('why')}
        error={errors.why}
        rows={2}
      />
      <Field
        label="Target date (optional)"
        type="date"
        value={draft.target_date}
        onChange={set('target_date')}
        error={errors.target_date}
      />
      <FormButtons submitLabel="Add goal" pending={add.isPending} />
    </form>
  );
}

export function GoalsList({
  goals,
  steps,
  changes,
  empty,
}: {
  goals: Goal[];
  steps: StepChoice[];
  changes: GoalChanges;
  empty: string;
}) {
  if (goals.length === 0) return <p className="card empty-state muted">{empty}</p>;
  return (
    <ul className="goals-list">
      {goals.map((g) => (
        <GoalCard key={g.id} goal={g} steps={steps} changes={changes} />
      ))}
    </ul>
  );
}
