/**
 * /forms/:id: one form sent to the client, filled on a phone as easily as at a desk. Each answer is saved a
 * moment after typing stops (a draft, "Saved" beside it), so leaving and coming back resumes where they were;
 * the check of contracts/forms.ts runs as they type (the API runs the same), and submitting is once.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { QueryState } from '@/components/query-state';
import { SaveStatus } from '@/components/save-status';
import { useAutosave } from '@/lib/autosave';
import { fieldErrorsOf } from '@/lib/field-errors';
import { displayZone, formatDate, formatDateTime } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { paths } from '@/config/paths';
import { checkAnswers, isShown } from '../../../../../contracts/forms';
import type { Answer, Answers } from '../../../../../contracts/forms';
import { saveDraft, useForm, useSubmitForm, type FormSend } from '../api/forms-api';
import { QuestionField } from '@/components/question-field';
import { SubmittedAnswers } from '@/components/submitted-answers';
import './forms.css';

export const FORM_SUBMITTED = 'Form submitted';

function FillForm({ send }: { send: FormSend }) {
  const layout = send.layout;
  const [answers, setAnswers] = useState<Answers>(send.answers as Answers);
  const [tried, setTried] = useState(false);
  const questionIds = layout.sections.flatMap((s) => s.questions.map((q) => q.id));
  const submit = useSubmitForm(send.id, questionIds);
  const submitting = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Only well-formed answers are saved as the draft: a half-typed number waits until it reads as one.
  const draft = checkAnswers(layout, answers, false).answers;
  const { status, retry } = useAutosave(draft, (value: Answers) =>
    // Once submitted, a save still waiting would be refused: the submission carried the same answers.
    submitting.current ? Promise.resolve() : saveDraft(send.id, value),
  );

  const local = checkAnswers(layout, answers, tried).errors;
  const server = fieldErrorsOf<string>(submit.error);
  const errorOf = (id: string) => local[id]?.join(' ') ?? server[`answers.${id}`];

  const change = (id: string, value: Answer | undefined) =>
    setAnswers((now) => {
      const { [id]: _old, ...rest } = now;
      return value === undefined ? rest : { ...rest, [id]: value };
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const checked = checkAnswers(layout, answers, true);
    const first = Object.keys(checked.errors)[0];
    if (first) {
      // The first question to fix takes the focus, so a keyboard or screen-reader user lands on it.
      // A choice's first option, or the text control itself (whose id is the question's).
      const form = formRef.current;
      (
        form?.querySelector<HTMLElement>(`#q-${first} input`) ??
        form?.querySelector<HTMLElement>(`#q-${first}`)
      )?.focus();
      return;
    }
    submitting.current = true;
    submit.mutate(checked.answers, {
      onSuccess: () => notify.success(FORM_SUBMITTED),
      onError: () => {
        submitting.current = false;
      },
    });
  };

  const problems = tried ? Object.keys(local).length : 0;
  return (
    <form ref={formRef} className="form-fill" noValidate onSubmit={onSubmit}>
      {send.due_on && <p className="muted">Please fill this in by {formatDate(send.due_on)}.</p>}
      {layout.sections.map((section, i) => (
        <section key={i} className="card form-section" aria-labelledby={`section-${i}`}>
          <h2 id={`section-${i}`}>{section.title || `Part ${i + 1}`}</h2>
          {section.questions
            .filter((q) => isShown(layout, q.id, answers))
            .map((q) => (
              <QuestionField
                key={q.id}
                question={q}
                value={answers[q.id]}
                error={errorOf(q.id)}
                disabled={submit.isPending}
                onChange={(value) => change(q.id, value)}
              />
            ))}
        </section>
      ))}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting…' : 'Submit'}
        </button>
        <SaveStatus status={status} retry={retry} />
      </div>
      {problems > 0 && (
        <p className="field-error" role="alert">
          {problems === 1 ? 'One answer needs your attention.' : `${problems} answers need your attention.`}
        </p>
      )}
    </form>
  );
}

export default function FormFillPage() {
  const id = Number(useParams().id);
  const form = useForm(id);
  const zone = displayZone(useUser().time_zone);
  return (
    <PageFrame title={form.data?.title ?? 'Form'} back={{ to: paths.forms, label: '← All forms' }}>
      <QueryState query={form} what="The form">
        {(send) =>
          send.status === 'submitted' ? (
            <div className="card form-section">
              <p>Submitted {send.submitted_at ? formatDateTime(send.submitted_at, zone) : ''}. Thank you.</p>
              <SubmittedAnswers layout={send.layout} answers={send.answers as Answers} />
            </div>
          ) : (
            <FillForm send={send} />
          )
        }
      </QueryState>
    </PageFrame>
  );
}
