/**
 * /coach/forms/:id and /admin/forms/:id ('new' for a new form): the form builder. A title, sections of
 * questions of every kind with their options, help, required and "show when", moved and removed by buttons,
 * beside a live preview. Saving runs contracts/forms.ts's layoutProblems first and shows each problem in its
 * question, as it shows the API's 422; what was typed stays whatever fails. A saved edit is a new version:
 * what was sent keeps its own. A coach opening the tenant's form sees it, and may send it, but not change it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Field, SelectField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { PageLoading } from '@/components/page-loading';
import { NotFoundState } from '@/components/refused-state';
import { paths } from '@/config/paths';
import { statusOf } from '@/lib/api-call';
import { fieldErrorsOf } from '@/lib/field-errors';
import { routeId } from '@/lib/route-id';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { userRole } from '@/lib/user';
import { layoutProblems, questionKinds, questionsOf } from '../../../../../contracts/forms';
import type { Layout, QuestionKind } from '../../../../../contracts/forms';
import { useLibraryForm, useSaveForm, type Form } from '../api/form-library';
import * as b from '../lib/builder-state';
import { FormPreview } from './form-preview';
import { QuestionEditor } from './question-editor';
import './form-builder.css';

/** The id of the element the keyboard goes to after the next render. */
type Focus = string | null;

function AddQuestion({ section, onAdd }: { section: number; onAdd: (kind: QuestionKind) => void }) {
  const [kind, setKind] = useState<QuestionKind>('short_text');
  return (
    <div className="builder-add">
      <SelectField
        id={`builder-add-${section}`}
        label="Kind of the new question"
        value={kind}
        onChange={(e) => setKind(e.target.value as QuestionKind)}
      >
        {questionKinds.map((k) => (
          <option key={k} value={k}>
            {b.KIND_NAMES[k]}
          </option>
        ))}
      </SelectField>
      <button type="button" className="btn" onClick={() => onAdd(kind)}>
        Add question
      </button>
    </div>
  );
}

function Builder({
  form,
  list,
  formPath,
}: {
  form: Form | undefined;
  list: string;
  formPath: (id: number) => string;
}) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<b.Draft>(() =>
    form ? { title: form.title, sections: (form.layout as Layout).sections } : b.emptyDraft(),
  );
  const [problems, setProblems] = useState<b.Problems>({ form: [], questions: {}, sections: {} });
  const save = useSaveForm(form?.id ?? null);
  const focus = useRef<Focus>(null);

  // After a move, a removal or a failed save, the keyboard goes where the person would look next: the button
  // they pressed (or its twin once it is disabled at the top or bottom), the section's "add", the first problem.
  useEffect(() => {
    const next = focus.current;
    focus.current = null;
    if (!next) return;
    const el = document.getElementById(next) as HTMLButtonElement | null;
    const twin = next.endsWith('-up') ? next.replace(/-up$/, '-down') : next.replace(/-down$/, '-up');
    (el?.disabled ? document.getElementById(twin) : el)?.focus();
  });

  const change = (next: b.Draft, then: Focus = null) => {
    focus.current = then;
    setDraft(next);
  };

  const show = (found: b.Problems) => {
    const first = questionsOf(draft).find((q) => found.questions[q.id]);
    focus.current =
      found.form.length > 0
        ? 'builder-problems'
        : found.title !== undefined
          ? 'builder-title'
          : first
            ? `builder-${first.id}-label`
            : 'builder-problems';
    setProblems(found);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const layout = b.layoutOf(draft);
    const found = b.problemsOf(draft, {
      ...layoutProblems(layout),
      title: draft.title.trim() ? undefined : 'Give the form a title.',
    });
    if (b.hasProblems(found)) return show(found);
    const sent = draft;
    save.mutate(
      { title: draft.title.trim(), layout },
      {
        onSuccess: (saved) => {
          setProblems({ form: [], questions: {}, sections: {} });
          notify.success(`Form saved, version ${saved.version}`);
          if (!form) navigate(formPath(saved.id), { replace: true });
        },
        onError: (error) => {
          const found422 = b.problemsOf(sent, fieldErrorsOf(error));
          if (b.hasProblems(found422)) show(found422);
        },
      },
    );
  };

  const all = questionsOf(draft);
  const labelOf = (id: string) => all.find((q) => q.id === id)?.label.trim() || 'a removed question';
  return (
    <div className="form-builder">
      <form className="builder-editor" onSubmit={submit} noValidate aria-label="Build the form">
        <p className="muted">
          {form
            ? 'Saving makes a new version of this form. Clients you already sent it to keep the version they were sent; new sends get this one.'
            : 'Build the questions; the preview shows the form as your client will fill it.'}
        </p>
        <div id="builder-problems" tabIndex={-1} className="builder-form-problems">
          {problems.form.length > 0 && (
            <ul className="field-error" role="alert">
              {problems.form.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </div>
        <Field
          id="builder-title"
          label="Title"
          value={draft.title}
          maxLength={200}
          error={problems.title}
          onChange={(e) => change({ ...draft, title: e.target.value })}
        />
        {draft.sections.map((section, s) => (
          <section key={s} className="builder-section" aria-labelledby={`builder-section-${s}`}>
            <h2 id={`builder-section-${s}`}>Section {s + 1}</h2>
            <Field
              label="Section title (optional)"
              value={section.title}
              maxLength={200}
              error={problems.sections[s]?.join(' ')}
              onChange={(e) => change(b.renameSection(draft, s, e.target.value))}
            />
            {section.questions.length === 0 && <p className="muted">No questions in this section yet.</p>}
            <ol className="builder-questions">
              {section.questions.map((q) => {
                const at = all.indexOf(q);
                return (
                  <QuestionEditor
                    key={q.id}
                    question={q}
                    number={at + 1}
                    first={at === 0}
                    last={at === all.length - 1}
                    choices={b.conditionChoices(draft, q.id)}
                    labelOf={labelOf}
                    problems={problems.questions[q.id]}
                    onChange={(c) => change(b.changeQuestion(draft, q.id, c))}
                    onCondition={(c) => change(b.setCondition(draft, q.id, c))}
                    onMove={(by) =>
                      change(b.moveQuestion(draft, q.id, by), `builder-${q.id}-${by < 0 ? 'up' : 'down'}`)
                    }
                    onRemove={() => change(b.removeQuestion(draft, q.id), `builder-add-${s}`)}
                  />
                );
              })}
            </ol>
            <AddQuestion
              section={s}
              onAdd={(kind) => {
                const next = b.addQuestion(draft, s, kind);
                change(next, `builder-${next.sections[s]?.questions.at(-1)?.id ?? ''}-label`);
              }}
            />
            {draft.sections.length > 1 && (
              <button
                type="button"
                className="btn"
                onClick={() => change(b.removeSection(draft, s), `builder-add-${s === 0 ? 0 : s - 1}`)}
              >
                Remove section {s + 1} (its questions join the {s === 0 ? 'next' : 'one above'})
              </button>
            )}
          </section>
        ))}
        <button
          type="button"
          className="btn"
          onClick={() => change(b.addSection(draft), `builder-add-${draft.sections.length}`)}
        >
          Add a section
        </button>
        <FormButtons submitLabel="Save form" pending={save.isPending} onCancel={() => navigate(list)} />
      </form>
      <FormPreview title={draft.title} layout={b.layoutOf(draft)} />
    </div>
  );
}

export default function FormBuilderPage() {
  const role = userRole(useUser());
  const list = role === 'admin' ? paths.adminForms : paths.coachForms;
  const formPath = role === 'admin' ? paths.adminForm : paths.coachForm;
  const param = useParams().id;
  const isNew = param === 'new';
  const id = isNew ? null : routeId(param);
  const query = useLibraryForm(id);
  const back = { to: list, label: 'Back to forms' };
  const readOnly = query.data?.tenant_wide === true && role === 'coach';
  let body;
  if (isNew) body = <Builder form={undefined} list={list} formPath={formPath} />;
  else if (id === null || statusOf(query.error) === 404) body = <NotFoundState subject="form" back={back} />;
  else if (query.data && readOnly)
    body = (
      <>
        <p className="card muted">
          This form is your portal’s, kept by its admin: you can send it to your clients but not change it.
        </p>
        <FormPreview title={query.data.title} layout={query.data.layout as Layout} />
      </>
    );
  else if (query.data)
    body = <Builder key={query.data.id} form={query.data} list={list} formPath={formPath} />;
  else if (query.isError) body = <LoadFailed what="This form" error={query.error} retry={query.refetch} />;
  else body = <PageLoading />;
  const title = isNew ? 'New form' : (query.data?.title ?? 'Form');
  return (
    <PageFrame title={title} back={back}>
      {body}
    </PageFrame>
  );
}
