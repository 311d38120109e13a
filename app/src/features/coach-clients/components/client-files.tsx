import { useState, type FormEvent } from 'react';
import { TextAreaField } from '@/components/field';
import { FileDropZone } from '@/components/file-drop-zone';
import { FormButtons } from '@/components/form-buttons';
import { formatDateTime } from '@/lib/dates';
import { fromWhom } from '@/lib/file-sender';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { fileSize } from '@/lib/uploads';
import { useFieldErrors } from '@/lib/use-field-errors';
import { downloadClientFile } from '../api/download-client-file';
import type { ClientFile, ClientPageData } from '../api/get-client';
import { useSendClientFile } from '../api/send-client-file';

function SendFileForm({
  clientId,
  company,
  client,
}: {
  clientId: number;
  /** Null: a client on their own, whose files are theirs alone (nothing to choose). */
  company: string | null;
  client: string;
}) {
  const [to, setTo] = useState<'client' | 'company'>(company === null ? 'client' : 'company');
  const [files, setFiles] = useState<File[]>([]);
  const [description, setDescription] = useState('');
  const send = useSendClientFile(clientId);
  const { errors, show, fromError } = useFieldErrors<'files' | 'description'>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ files: files.length ? undefined : 'Choose a file to send.' }, form)) return;
    send.mutate(
      { to, files, description },
      {
        onSuccess: () => {
          setFiles([]);
          setDescription('');
          notify.success(files.length === 1 ? 'File sent' : 'Files sent');
        },
        onError: (error) => fromError(error, form),
      },
    );
  };
  return (
    <form className="client-send-file" onSubmit={submit} noValidate>
      <h3>Send a file</h3>
      {company === null ? (
        <p className="muted">{client} has no company: the files are for them alone.</p>
      ) : (
        /* Native radios: one tab stop, arrow keys choose, and the legend names the choice for screen readers. */
        <fieldset className="client-send-to">
          <legend>Send to</legend>
          {(
            [
              ['company', `${company}: ${client} and their colleagues see it`],
              ['client', `${client} alone: their colleagues never see it`],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name="to"
                value={value}
                checked={to === value}
                onChange={() => setTo(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      <FileDropZone
        label="Choose files"
        hint="PDF, images and Office files, at most 10 files and 25 MB together."
        error={errors.files}
        onFiles={setFiles}
      />
      {files.length > 0 && (
        <ul className="client-chosen" aria-label="Chosen files">
          {files.map((f) => (
            <li key={f.name}>{f.name}</li>
          ))}
        </ul>
      )}
      <TextAreaField
        label="Description (optional)"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        rows={2}
      />
      <FormButtons submitLabel="Send" pendingLabel="Sending..." pending={send.isPending} />
    </form>
  );
}

function FileRow({ clientId, file }: { clientId: number; file: ClientFile }) {
  const coach = useUser();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    // A failed download is toasted by the API client; the button is ready again either way.
    downloadClientFile(clientId, file)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <li className="client-row">
      <strong>{file.name}</strong>
      <span className="muted">
        {fromWhom(file, { id: coach.id, client: false })}, {formatDateTime(file.created_at)},{' '}
        {fileSize(file.size)}
      </span>
      {file.description && <span className="client-text">{file.description}</span>}
      <button type="button" className="btn" onClick={download} disabled={busy}>
        Download<span className="visually-hidden"> {file.name}</span>
      </button>
    </li>
  );
}

/**
 * The files of the client's company and the client's own, both ways (a client without a company has only their
 * own), and the coach's form to send one.
 */
export function ClientFiles({
  clientId,
  files,
  company,
  client,
}: {
  clientId: number;
  files: ClientFile[];
  company: ClientPageData['client']['company'];
  client: string;
}) {
  return (
    <section id="files" className="card client-section" aria-labelledby="files-title">
      <h2 id="files-title">Files</h2>
      {files.length === 0 ? (
        <p className="muted">No files yet.</p>
      ) : (
        <ul className="client-list">
          {files.map((f) => (
            <FileRow key={f.id} clientId={clientId} file={f} />
          ))}
        </ul>
      )}
      <SendFileForm clientId={clientId} company={company?.name ?? null} client={client} />
    </section>
  );
}
