/**
 * One question in the builder: its words, kind, help text, whether it must be answered, its options (a
 * choice), when it is shown, and buttons to move it up or down and remove it, so the whole form is built by
 * keyboard. What is wrong with it (the app's check or the API's 422) is listed in it and tied to its group.
 */
import { Field, SelectField, TextAreaField } from '@/components/field';
import { questionKinds } from '../../../../../contracts/forms';
import type { Condition, Question, QuestionKind } from '../../../../../contracts/forms';
import { KIND_NAMES, type ConditionChoice } from '../lib/builder-state';

/** A condition as one select's value: the question and the answer, as JSON so a yes/no stays a boolean. */
const conditionValue = (c: Condition | undefined) => (c ? JSON.stringify([c.question, c.equals]) : '');

function conditionOf(value: string): Condition | undefined {
  if (!value) return undefined;
  const [question, equals] = JSON.parse(value) as [string, string | boolean];
  return { question, equals };
}

const answerWords = (equals: string | boolean) =>
  equals === true ? 'Yes' : equals === false ? 'No' : equals;

function Options({ question, onChange }: { question: Question; onChange: (options: string[]) => void }) {
  const options = question.options ?? [];
  return (
    <fieldset className="builder-options">
      <legend>Options</legend>
      <ol>
        {options.map((option, i) => (
          <li key={i}>
            <Field
              label={`Option ${i + 1}`}
              value={option}
              maxLength={200}
              onChange={(e) => onChange(options.map((o, j) => (j === i ? e.target.value : o)))}
            />
            <button
              type="button"
              className="btn"
              aria-label={`Remove option ${i + 1}`}
              onClick={() => onChange(options.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="btn" onClick={() => onChange([...options, ''])}>
        Add an option
      </button>
    </fieldset>
  );
}

export function QuestionEditor({
  question,
  number,
  first,
  last,
  choices,
  labelOf,
  problems,
  onChange,
  onCondition,
  onMove,
  onRemove,
}: {
  question: Question;
  /** Its place in the whole form, from 1. */
  number: number;
  first: boolean;
  last: boolean;
  choices: ConditionChoice[];
  /** A question's words by its id, to name the one a condition is on. */
  labelOf: (id: string) => string;
  problems: string[] | undefined;
  onChange: (change: Partial<Omit<Question, 'id'>>) => void;
  onCondition: (condition: Condition | undefined) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = `builder-${question.id}`;
  const current = conditionValue(question.shown_when);
  const offered = choices.flatMap((c) =>
    c.answers.map((a) => ({
      value: conditionValue({ question: c.question.id, equals: a.value }),
      label: `“${c.question.label.trim() || 'Untitled question'}” is ${a.label}`,
    })),
  );
  // A condition no longer offered (its question moved below or changed) stays chosen until it is changed:
  // its problem says why beside it, and nothing typed is lost.
  const stale = question.shown_when && !offered.some((o) => o.value === current);
  const choice = question.kind === 'single_choice' || question.kind === 'multiple_choice';
  return (
    <li
      className={`card builder-question${problems ? ' has-problems' : ''}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={problems ? `${id}-problems` : undefined}
    >
      <h3 id={`${id}-title`}>
        Question {number}
        <span className="muted"> · {KIND_NAMES[question.kind]}</span>
      </h3>
      {problems && (
        <ul id={`${id}-problems`} className="field-error builder-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <Field
        id={`${id}-label`}
        label="Question"
        value={question.label}
        maxLength={300}
        aria-invalid={problems ? true : undefined}
        onChange={(e) => onChange({ label: e.target.value })}
      />
      <SelectField
        label="Kind of answer"
        value={question.kind}
        onChange={(e) => onChange({ kind: e.target.value as QuestionKind })}
      >
        {questionKinds.map((k) => (
          <option key={k} value={k}>
            {KIND_NAMES[k]}
          </option>
        ))}
      </SelectField>
      {choice && <Options question={question} onChange={(options) => onChange({ options })} />}
      <TextAreaField
        label="Help text (optional)"
        rows={2}
        maxLength={1000}
        value={question.help ?? ''}
        onChange={(e) => onChange({ help: e.target.value })}
      />
      <label className="builder-check">
        <input
          type="checkbox"
          checked={question.required}
          onChange={(e) => onChange({ required: e.target.checked })}
        />
        <span>Must be answered</span>
      </label>
      <SelectField
        label="Show this question"
        value={current}
        hint="Only when an earlier yes/no or single-choice question has this answer."
        onChange={(e) => onCondition(conditionOf(e.target.value))}
      >
        <option value="">Always</option>
        {stale && question.shown_when && (
          <option value={current}>
            When “{labelOf(question.shown_when.question)}” is {answerWords(question.shown_when.equals)} (no
            longer possible)
          </option>
        )}
        {offered.map((o) => (
          <option key={o.value} value={o.value}>
            When {o.label}
          </option>
        ))}
      </SelectField>
      {question.metric_id !== undefined && (
        <p className="muted">A number answer to this question is recorded to one of the client’s metrics.</p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="btn"
          id={`${id}-up`}
          disabled={first}
          aria-label={`Move up (question ${number})`}
          onClick={() => onMove(-1)}
        >
          Move up
        </button>
        <button
          type="button"
          className="btn"
          id={`${id}-down`}
          disabled={last}
          aria-label={`Move down (question ${number})`}
          onClick={() => onMove(1)}
        >
          Move down
        </button>
        <button type="button" className="btn" aria-label={`Remove question ${number}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </li>
  );
}
