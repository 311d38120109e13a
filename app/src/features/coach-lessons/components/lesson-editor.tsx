/**
 * The coach's lesson editor, shared by a group's lessons and the academy's: title, summary, the rich-text body
 * (lazy editor), length, video, draft or published, free preview and, in a group, whether members may open it,
 * all autosaved as the coach types ("Saved" shown); and the lesson's links, each removed with an undo.
 */
import { useState } from 'react';
import { isApiError, statusOf } from '@/lib/api-call';
import { useAutosave } from '@/lib/autosave';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { Field, SelectField, TextAreaField } from '@/components/field';
import { LinkForm } from '@/components/link-form';
import { LoadFailed } from '@/components/load-failed';
import { PageLoading } from '@/components/page-loading';
import { NotFoundState } from '@/components/refused-state';
import { SaveStatus } from '@/components/save-status';
import { deleteWithUndo } from '@/components/undo-delete';
import { changeLesson, useCoachLesson, useLessonResources, type CoachLesson } from '../api/coach-lesson';
import { LessonChecklistEditor } from './lesson-checklist-editor';
import { LessonUploads } from './lesson-uploads';
import { RichTextEditor } from '@/components/rich-text-editor/rich-text-editor';
import './lesson-editor.css';
import { PageFrame } from '@/components/page-frame';

type Back = { to: string; label: string };
type LessonField = 'title' | 'short_desc' | 'full_desc' | 'lesson_video' | 'length';

interface Draft {
  title: string;
  short_desc: string;
  full_desc: string;
  lesson_video: string;
  length: string;
  published: boolean;
  free_lesson: boolean;
  lesson_access: 0 | 1;
}

const draftOf = (lesson: CoachLesson): Draft => ({
  title: lesson.title,
  short_desc: lesson.short_desc,
  full_desc: lesson.full_desc,
  lesson_video: lesson.lesson_video ?? '',
  length: String(lesson.length),
  published: lesson.published,
  free_lesson: lesson.free_lesson,
  lesson_access: lesson.lesson_access === 0 ? 0 : 1,
});

/** What the form itself refuses before asking the server. */
function problems(draft: Draft): FieldErrors<LessonField> {
  const minutes = Number(draft.length);
  return {
    title: draft.title.trim() ? undefined : 'Give the lesson a title.',
    length:
      /^\d{1,3}$/.test(draft.length.trim()) && minutes <= 600
        ? undefined
        : 'Enter the length in whole minutes, from 0 to 600.',
  };
}

function LessonLinks({ lesson }: { lesson: CoachLesson }) {
  const { add, remove } = useLessonResources(lesson.id);
  const [hidden, setHidden] = useState<number[]>([]);
  const shown = lesson.resources.filter((r) => !hidden.includes(r.id));
  return (
    <section className="card" aria-labelledby="lesson-links">
      <h2 id="lesson-links">Links and files</h2>
      {shown.length === 0 ? (
        <p className="muted">No links yet: add a worksheet, a video or a reading below.</p>
      ) : (
        <ul className="lesson-links">
          {shown.map((r) => (
            <li key={r.id}>
              <a href={r.url} target="_blank" rel="noopener noreferrer">
                {r.title}
              </a>
              <button
                type="button"
                className="btn btn-link"
                aria-label={`Remove “${r.title}”`}
                onClick={() =>
                  deleteWithUndo({
                    message: `“${r.title}” removed.`,
                    hide: () => setHidden((ids) => [...ids, r.id]),
                    restore: () => setHidden((ids) => ids.filter((id) => id !== r.id)),
                    commit: () => remove.mutateAsync(r.id),
                  })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <LinkForm
        className="lesson-link-form"
        labels={{ title: 'Link name', url: 'Address', submit: 'Add link' }}
        problems={{ title: 'Name the link.', url: 'Enter an address that starts with https:// or http://.' }}
        pending={add.isPending}
        pendingLabel="Adding..."
        onAdd={(link) => add.mutateAsync(link)}
      />
    </section>
  );
}

function LessonForm({ lesson }: { lesson: CoachLesson }) {
  const [draft, setDraft] = useState(() => draftOf(lesson));
  const [serverErrors, setServerErrors] = useState<FieldErrors<LessonField>>({});
  const local = problems(draft);
  const { status, retry } = useAutosave(draft, async (value) => {
    if (Object.values(problems(value)).some(Boolean)) throw new Error('The form has something to fix.');
    try {
      await changeLesson(lesson.id, {
        title: value.title.trim(),
        short_desc: value.short_desc,
        full_desc: value.full_desc,
        lesson_video: value.lesson_video.trim() || null,
        length: Number(value.length),
        published: value.published,
        free_lesson: value.free_lesson,
        ...(lesson.lesson_access === null ? {} : { lesson_access: value.lesson_access }),
      });
      setServerErrors({});
    } catch (error) {
      if (isApiError(error)) setServerErrors(fieldErrorsOf<LessonField>(error));
      throw error;
    }
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const error = (field: LessonField) => local[field] ?? serverErrors[field];
  return (
    <>
      <div className="lesson-editor-status">
        <SaveStatus status={status} retry={retry} />
      </div>
      <form className="card lesson-editor" onSubmit={(e) => e.preventDefault()} noValidate>
        <Field
          label="Title"
          value={draft.title}
          maxLength={200}
          onChange={(e) => set('title', e.target.value)}
          error={error('title')}
        />
        <SelectField
          label="Status"
          hint="A draft is yours alone; a published lesson reaches clients at once."
          value={draft.published ? 'published' : 'draft'}
          onChange={(e) => set('published', e.target.value === 'published')}
        >
          <option value="draft">Draft</option>
          <option value="published">Published</option>
        </SelectField>
        <TextAreaField
          label="Summary"
          rows={2}
          maxLength={500}
          value={draft.short_desc}
          onChange={(e) => set('short_desc', e.target.value.replace(/\n/g, ' '))}
          error={error('short_desc')}
        />
        <RichTextEditor
          id="lesson-body"
          label="Lesson text"
          value={draft.full_desc}
          onChange={(html) => set('full_desc', html)}
        />
        {error('full_desc') && <p className="field-error">{error('full_desc')}</p>}
        <div className="lesson-editor-row">
          <Field
            label="Length (minutes)"
            inputMode="numeric"
            value={draft.length}
            onChange={(e) => set('length', e.target.value)}
            error={error('length')}
          />
          <Field
            label="Video address"
            type="url"
            placeholder="https://"
            value={draft.lesson_video}
            onChange={(e) => set('lesson_video', e.target.value)}
            error={error('lesson_video')}
          />
        </div>
        <label className="check-field">
          <input
            type="checkbox"
            checked={draft.free_lesson}
            onChange={(e) => set('free_lesson', e.target.checked)}
          />
          Free preview: open to members before their place is confirmed or paid for
        </label>
        {lesson.lesson_access !== null && (
          <label className="check-field">
            <input
              type="checkbox"
              checked={draft.lesson_access === 1}
              onChange={(e) => set('lesson_access', e.target.checked ? 1 : 0)}
            />
            Open to members (otherwise listed as locked)
          </label>
        )}
      </form>
      <LessonLinks lesson={lesson} />
      <LessonChecklistEditor lessonId={lesson.id} />
      <LessonUploads lesson={lesson} />
    </>
  );
}

export function LessonEditor({ lessonId, back }: { lessonId: number | null; back: Back }) {
  const query = useCoachLesson(lessonId);
  const status = statusOf(query.error);
  let body;
  if (lessonId === null || status === 404) body = <NotFoundState subject="lesson" back={back} />;
  else if (query.data) body = <LessonForm key={query.data.id} lesson={query.data} />;
  else if (query.isError) body = <LoadFailed what="This lesson" error={query.error} retry={query.refetch} />;
  else body = <PageLoading />;
  return (
    <PageFrame
      title={query.data ? `Edit lesson: ${query.data.title}` : 'Edit lesson'}
      className="lesson-editor-page"
      back={back}
    >
      {body}
    </PageFrame>
  );
}
