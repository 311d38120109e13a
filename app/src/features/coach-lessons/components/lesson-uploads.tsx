/**
 * The lesson editor's uploads: the lesson's video and its files, each uploaded by dropping it on the zone or
 * choosing it with the button (a keyboard reaches both), with its progress shown; a refusal says why in plain
 * words (too big, a type not accepted) under the zone. Each upload can be renamed, downloaded, and removed with
 * the shared undo of components/undo-delete.
 */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-errors';
import { fieldErrorsOf } from '@/lib/field-errors';
import { fileSize } from '@/lib/uploads';
import { Field } from '@/components/field';
import { FileDropZone } from '@/components/file-drop-zone';
import { FormButtons } from '@/components/form-buttons';
import { deleteWithUndo } from '@/components/undo-delete';
import { useRefreshLesson, type CoachLesson } from '../api/coach-lesson';
import {
  UPLOAD_LIMITS,
  deleteLessonFile,
  downloadOwnFile,
  renameLessonFile,
  uploadLessonFile,
  type UploadKind,
  type UploadedFile,
} from '../api/lesson-uploads';

interface Sending {
  name: string;
  share: number;
}

/** Sends the picked files one after another; the refusals, one sentence each, for the zone. */
function useUploads(lessonId: number, kind: UploadKind) {
  const refresh = useRefreshLesson(lessonId);
  const [sending, setSending] = useState<Sending | null>(null);
  const [error, setError] = useState<string>();
  const upload = async (files: File[]) => {
    const problems: string[] = [];
    for (const file of kind === 'video' ? files.slice(0, 1) : files) {
      if (file.size > UPLOAD_LIMITS[kind].bytes) {
        problems.push(`“${file.name}” is too big. ${UPLOAD_LIMITS[kind].said}`);
        continue;
      }
      setSending({ name: file.name, share: 0 });
      try {
        await uploadLessonFile(lessonId, kind, file, (share) => setSending({ name: file.name, share }));
      } catch (failure) {
        const said = fieldErrorsOf<UploadKind>(failure)[kind];
        problems.push(`“${file.name}” was not added. ${said ?? errorMessage(failure)}`);
      }
    }
    setSending(null);
    setError(problems.join(' ') || undefined);
    await refresh();
  };
  return { sending, error, upload: (files: File[]) => void upload(files) };
}

function Progress({ sending }: { sending: Sending }) {
  const percent = Math.round(sending.share * 100);
  return (
    <p className="lesson-upload-progress" role="status">
      <label>
        Uploading “{sending.name}”: {percent}%{' '}
        <progress max={100} value={percent}>
          {percent}%
        </progress>
      </label>
    </p>
  );
}

function RenameForm({ lessonId, file, done }: { lessonId: number; file: UploadedFile; done: () => void }) {
  const refresh = useRefreshLesson(lessonId);
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Write a name.');
    setPending(true);
    try {
      await renameLessonFile(lessonId, file.id, name.trim());
      await refresh();
      done();
    } catch (failure) {
      setError(fieldErrorsOf<'name'>(failure).name ?? errorMessage(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <form className="lesson-upload-rename" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={`New name for “${file.name}”`}
        value={name}
        maxLength={200}
        onChange={(e) => setName(e.target.value)}
        error={error}
      />
      <FormButtons submitLabel="Save name" pending={pending} onCancel={done} />
    </form>
  );
}

function UploadItem({
  lessonId,
  file,
  hide,
  restore,
}: {
  lessonId: number;
  file: UploadedFile;
  hide: () => void;
  restore: () => void;
}) {
  const refresh = useRefreshLesson(lessonId);
  const [renaming, setRenaming] = useState(false);
  if (renaming) return <RenameForm lessonId={lessonId} file={file} done={() => setRenaming(false)} />;
  return (
    <>
      <button type="button" className="btn btn-link" onClick={() => void downloadOwnFile(lessonId, file)}>
        {file.name}
      </button>{' '}
      <span className="muted">{fileSize(file.size)}</span>
      <button
        type="button"
        className="btn btn-link"
        aria-label={`Rename “${file.name}”`}
        onClick={() => setRenaming(true)}
      >
        Rename
      </button>
      <button
        type="button"
        className="btn btn-link"
        aria-label={`Remove “${file.name}”`}
        onClick={() =>
          deleteWithUndo({
            message: `“${file.name}” removed.`,
            hide,
            restore,
            commit: async () => {
              await deleteLessonFile(lessonId, file.id);
              await refresh();
            },
          })
        }
      >
        Remove
      </button>
    </>
  );
}

export function LessonUploads({ lesson }: { lesson: CoachLesson }) {
  const [hidden, setHidden] = useState<number[]>([]);
  const video = useUploads(lesson.id, 'video');
  const files = useUploads(lesson.id, 'file');
  const shown = lesson.files.filter((f) => !hidden.includes(f.id));
  const item = (file: UploadedFile) => (
    <UploadItem
      lessonId={lesson.id}
      file={file}
      hide={() => setHidden((ids) => [...ids, file.id])}
      restore={() => setHidden((ids) => ids.filter((id) => id !== file.id))}
    />
  );
  const videoShown = lesson.video_file && !hidden.includes(lesson.video_file.id) ? lesson.video_file : null;
  return (
    <section className="card lesson-uploads" aria-labelledby="lesson-uploads">
      <h2 id="lesson-uploads">Uploaded video and files</h2>
      <h3>Video</h3>
      {videoShown ? (
        <p>{item(videoShown)}</p>
      ) : (
        <p className="muted">No video uploaded: clients see the video address above, if any.</p>
      )}
      {video.sending && <Progress sending={video.sending} />}
      <FileDropZone
        label={videoShown ? 'Replace the video' : 'Upload a video'}
        hint="MP4 or WebM, at most 500 MB: drop it here or choose it."
        error={video.error}
        onFiles={video.upload}
      />
      <h3>Files</h3>
      {shown.length === 0 ? (
        <p className="muted">No files yet: add a worksheet, slides, an image or audio.</p>
      ) : (
        <ul className="lesson-links">
          {shown.map((file) => (
            <li key={file.id}>{item(file)}</li>
          ))}
        </ul>
      )}
      {files.sending && <Progress sending={files.sending} />}
      <FileDropZone
        label="Upload files"
        hint="PDF, images, Word, Excel, PowerPoint, text or audio, at most 25 MB each: drop them here or choose them."
        error={files.error}
        onFiles={files.upload}
      />
    </section>
  );
}
