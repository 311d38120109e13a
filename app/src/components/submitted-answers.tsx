import type { Answer, Answers, Layout, Question } from '../../../contracts/forms';
import { isShown, questionsOf } from '../../../contracts/forms';
import './submitted-answers.css';

/** An answer as words: yes/no, a list of choices, a number or a date as typed. */
function answerText(q: Question, value: Answer | undefined): string {
  if (value === undefined) return 'Not answered';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return q.kind === 'scale' ? `${value} of 10` : String(value);
}

/** A form's questions and answers, read-only: the client's own after submitting, and their coach's view. */
export function SubmittedAnswers({ layout, answers }: { layout: Layout; answers: Answers }) {
  const shown = questionsOf(layout).filter((q) => isShown(layout, q.id, answers));
  return (
    <dl className="form-answers">
      {shown.map((q) => (
        <div key={q.id}>
          <dt>{q.label}</dt>
          <dd>{answerText(q, answers[q.id])}</dd>
        </div>
      ))}
    </dl>
  );
}
