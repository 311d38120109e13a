import { FieldError, controlAria } from '@/components/field';
import type { Answer, Question } from '../../../contracts/forms';
import './question-field.css';

interface Props {
  question: Question;
  value: Answer | undefined;
  error: string | undefined;
  disabled?: boolean;
  onChange: (value: Answer | undefined) => void;
}

const scale = Array.from({ length: 10 }, (_, i) => i + 1);

/** The label's words, with "(optional)" on a question that may be left empty. */
const labelOf = (q: Question) => (q.required ? q.label : `${q.label} (optional)`);

/** A group of radios or checkboxes: a fieldset whose legend is the question, its error tied to the group. */
function Choices({
  question,
  error,
  type,
  options,
  checked,
  disabled,
  toggle,
}: Omit<Props, 'value' | 'onChange'> & {
  type: 'radio' | 'checkbox';
  options: { label: string; value: string | number | boolean }[];
  checked: (value: string | number | boolean) => boolean;
  toggle: (value: string | number | boolean, on: boolean) => void;
}) {
  const id = `q-${question.id}`;
  const aria = controlAria(id, Boolean(question.help), error);
  return (
    <fieldset
      className={`field form-question choices${question.kind === 'scale' ? ' scale' : ''}`}
      id={id}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
    >
      <legend>{labelOf(question)}</legend>
      {question.help && (
        <p id={`${id}-hint`} className="field-hint">
          {question.help}
        </p>
      )}
      <div className="choice-list">
        {options.map((o) => (
          <label key={String(o.value)} className="choice">
            <input
              type={type}
              name={id}
              checked={checked(o.value)}
              disabled={disabled}
              onChange={(e) => toggle(o.value, e.target.checked)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** One question of a form, as the control its kind asks for, with its help text and error. */
export function QuestionField({ question, value, error, disabled, onChange }: Props) {
  const id = `q-${question.id}`;
  const { kind } = question;
  if (kind === 'single_choice' || kind === 'yes_no' || kind === 'scale') {
    const options =
      kind === 'yes_no'
        ? [
            { label: 'Yes', value: true },
            { label: 'No', value: false },
          ]
        : kind === 'scale'
          ? scale.map((n) => ({ label: String(n), value: n }))
          : (question.options ?? []).map((o) => ({ label: o, value: o }));
    return (
      <Choices
        question={question}
        error={error}
        disabled={disabled}
        type="radio"
        options={options}
        checked={(v) => value === v}
        toggle={(v) => onChange(v as Answer)}
      />
    );
  }
  if (kind === 'multiple_choice') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <Choices
        question={question}
        error={error}
        disabled={disabled}
        type="checkbox"
        options={(question.options ?? []).map((o) => ({ label: o, value: o }))}
        checked={(v) => chosen.includes(String(v))}
        toggle={(v, on) => {
          // The options' own order, whatever order they were ticked in.
          const next = (question.options ?? []).filter((o) => (o === v ? on : chosen.includes(o)));
          onChange(next);
        }}
      />
    );
  }
  const aria = controlAria(id, Boolean(question.help), error);
  const text = value === undefined ? '' : String(value);
  const change = (raw: string) => {
    if (raw === '') return onChange(undefined);
    // A number is sent as one once it reads as one; until then its text, which the check calls not a number.
    if (kind === 'number') return onChange(/^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw);
    onChange(raw);
  };
  return (
    <div className="field form-question">
      <label htmlFor={id}>{labelOf(question)}</label>
      {question.help && (
        <p id={`${id}-hint`} className="field-hint">
          {question.help}
        </p>
      )}
      {kind === 'long_text' ? (
        <textarea
          {...aria}
          rows={4}
          value={text}
          disabled={disabled}
          onChange={(e) => change(e.target.value)}
        />
      ) : (
        <input
          {...aria}
          type={kind === 'date' ? 'date' : 'text'}
          inputMode={kind === 'number' ? 'decimal' : undefined}
          value={text}
          disabled={disabled}
          onChange={(e) => change(e.target.value)}
        />
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
