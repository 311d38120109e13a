/**
 * Sending files to the coach: pick or drop files (checked against the API's limits first, each refusal next to
 * its file), add an optional description, and send them in one request with its progress. What was picked and
 * typed stays when sending fails.
 */
import { useRef, useState, type FormEvent } from 'react';
import { TextAreaField } from '@/components/field';
import { FileDropZone } from '@/components/file-drop-zone';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MB, checkPicked, fileSize } from '@/lib/uploads';
import { useSendCoachFile } from '../api/send-coach-file';
import { FormButtons } from '@/components/form-buttons';

const FILE_SENT = 'File sent successfully to the coach';
const DESCRIPTION_MAX = 1000;

interface Picked {
  key: number;
  file: File;
  error: string | null;
}

const notAdded = {
  count: `Not added: at most ${UPLOAD_MAX_FILES} files at a time.`,
  empty: 'Not added: the file is empty.',
  size: `Not added: the files sent at once take at most ${UPLOAD_MAX_MB} MB together.`,
};

export function SendFileForm({ companyId }: { companyId: number }) {
  const send = useSendCoachFile(companyId);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [description, setDescription] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { errors, fromError, clear } = useFieldErrors<'description' | 'files'>();
  const nextKey = useRef(0);

  const ready = picked.filter((p) => !p.error);
  const add = (files: File[]) => {
    setProblem(null);
    const checked = checkPicked(
      ready.map((p) => p.file),
      files,
    );
    const added = checked.map(({ file, problem: limit }) => ({
      key: nextKey.current++,
      file,
      error: limit && notAdded[limit],
    }));
    setPicked((all) => [...all, ...added]);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (ready.length === 0 && !description.trim()) {
      setProblem('Choose a file or write a description.');
      return;
    }
    setProgress(0);
    try {
      await send.mutateAsync({ files: ready.map((p) => p.file), description, onProgress: setProgress });
      notify.success(FILE_SENT);
      clear();
      setPicked([]);
      setDescription('');
    } catch (error) {
      // What was picked and typed stays.
      fromError(error, form);
    } finally {
      setProgress(null);
    }
  };

  return (
    <form className="send-file-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <FileDropZone
          label="Choose files"
          hint={`or drop them here. PDFs, images, Office documents, .txt or .csv; up to ${UPLOAD_MAX_FILES} files, ${UPLOAD_MAX_MB} MB in all.`}
          error={errors.files}
          onFiles={add}
        />
        {picked.length > 0 && (
          <ul className="upload-list" aria-label="Files to send">
            {picked.map((p) => (
              <li key={p.key} className="upload-item">
                <span className="upload-name">{p.file.name}</span>
                <span className="muted">{fileSize(p.file.size)}</span>
                {p.error && (
                  <span className="field-error" role="alert">
                    {p.error}
                  </span>
                )}
                <button
                  type="button"
                  className="btn-link"
                  aria-label={`Remove ${p.file.name}`}
                  disabled={send.isPending}
                  onClick={() => setPicked((all) => all.filter((other) => other.key !== p.key))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <TextAreaField
        label="Description (optional)"
        rows={3}
        maxLength={DESCRIPTION_MAX}
        value={description}
        onChange={(event) => {
          setProblem(null);
          setDescription(event.target.value);
        }}
        error={errors.description}
      />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <FormButtons submitLabel="Send to coach" pendingLabel="Sending..." pending={send.isPending}>
        {progress !== null && <progress max={1} value={progress} aria-label="Sending files" />}
      </FormButtons>
    </form>
  );
}
