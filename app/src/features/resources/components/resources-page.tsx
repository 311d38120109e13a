/**
 * /resources: the company's files, shared between its clients and the coach, each naming who sent it. Send
 * files to the coach (the form says colleagues see them too), preview
 * images and PDFs, download anything under its own name, sort and filter by type; rename, describe or delete
 * (after a confirmation) what you sent yourself. Above them, what the coach shares from their library.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDeleteFile } from '../api/delete-file';
import { downloadFile } from '../api/download-file';
import { useCompanyFiles, type CompanyFile, type StoredFile } from '../api/get-company-files';
import { useUpdateFile, type FileChanges } from '../api/update-file';
import { EditFileForm } from './edit-file-form';
import { FileEntry, entryTitle } from './file-entry';
import { KINDS, SORTS, arrange, type Kind, type Sort } from './file-kinds';
import { FilePreview } from './file-preview';
import { SendFileForm } from './send-file-form';
import { SharedResources } from './shared-resources';
import './resources.css';
import { PageFrame } from '@/components/page-frame';

const FILE_UPDATED = 'File updated successfully';
const FILE_DELETED = 'File DELETED successfully';

/** The files of the client's company, or (null) of a client without one: those their coach sent them alone. */
function Files({ companyId }: { companyId: number | null }) {
  const files = useCompanyFiles(companyId);
  const update = useUpdateFile(companyId);
  const remove = useDeleteFile(companyId);
  const sortId = useId();
  const kindId = useId();
  const [sort, setSort] = useState<Sort>('newest');
  const [kind, setKind] = useState<Kind | 'all'>('all');
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<CompanyFile | null>(null);
  const [previewing, setPreviewing] = useState<StoredFile | null>(null);

  // A failed download was a toast already (the API client).
  const download = (file: StoredFile) => void downloadFile(companyId, file).catch(() => undefined);
  // A failure stays with the form, which shows it beside its fields.
  const save = (changes: FileChanges) =>
    update.mutateAsync(changes).then(() => {
      notify.success(FILE_UPDATED);
      setEditing(null);
    });
  const confirmDelete = (entry: CompanyFile) =>
    remove.mutateAsync(entry.id).then(
      () => {
        notify.success(FILE_DELETED);
        setDeleting(null);
      },
      () => undefined,
    );

  const list = (
    <QueryState
      query={files}
      what="Your files"
      empty={
        companyId === null
          ? 'No files yet. Files your coach sends you appear here.'
          : 'No files yet. Files you and your colleagues send to your coach, and files your coach shares with you, appear here.'
      }
    >
      {(data) => {
        const original = new Map(data.map((entry) => [entry.id, entry]));
        const shown = arrange(data, kind, sort);
        return shown.length === 0 ? (
          <p className="card empty-state muted">No {KINDS[kind as Kind].toLowerCase()} here yet.</p>
        ) : (
          <ul className="file-entries">
            {shown.map((entry) => {
              // The entry as sent, with every file: the one shown may list only the files of one kind.
              const whole = original.get(entry.id) ?? entry;
              return (
                <li key={entry.id}>
                  {editing === entry.id ? (
                    <section className="card" aria-label={`Edit: ${entryTitle(entry)}`}>
                      <EditFileForm
                        entry={whole}
                        pending={update.isPending}
                        onSave={save}
                        onCancel={() => setEditing(null)}
                      />
                    </section>
                  ) : (
                    <FileEntry
                      entry={entry}
                      onPreview={setPreviewing}
                      onDownload={download}
                      onEdit={() => setEditing(entry.id)}
                      onDelete={() => setDeleting(whole)}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        );
      }}
    </QueryState>
  );

  return (
    <section aria-labelledby="files-title">
      <div className="files-toolbar">
        <h2 id="files-title" className="files-heading">
          Your files
        </h2>
        <div className="files-controls">
          <span className="files-control">
            <label htmlFor={kindId}>Type</label>
            <select
              id={kindId}
              value={kind}
              onChange={(event) => setKind(event.target.value as Kind | 'all')}
            >
              <option value="all">All types</option>
              {(Object.keys(KINDS) as Kind[]).map((k) => (
                <option key={k} value={k}>
                  {KINDS[k]}
                </option>
              ))}
            </select>
          </span>
          <span className="files-control">
            <label htmlFor={sortId}>Sort</label>
            <select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as Sort)}>
              {(Object.keys(SORTS) as Sort[]).map((s) => (
                <option key={s} value={s}>
                  {SORTS[s]}
                </option>
              ))}
            </select>
          </span>
        </div>
      </div>
      {list}
      {deleting && (
        <ConfirmDialog
          title="Delete this file?"
          text={
            deleting.files.length > 1
              ? `“${entryTitle(deleting)}” and the ${deleting.files.length - 1} other files sent with it will be deleted for you, your colleagues and your coach.`
              : `“${entryTitle(deleting)}” will be deleted for you, your colleagues and your coach.`
          }
          confirmLabel="Delete file"
          pending={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {previewing && (
        <FilePreview
          companyId={companyId}
          file={previewing}
          onDownload={() => download(previewing)}
          onClose={() => setPreviewing(null)}
        />
      )}
    </section>
  );
}

export default function ResourcesPage() {
  const user = useUser();
  return (
    <PageFrame title="My Resources" className="resources-page">
      <SharedResources />
      {user.company_id == null ? (
        <>
          {/* Coached on their own: no company's files to share, only what the coach sends them alone. */}
          <p className="card muted">
            Files your coach sends you are yours alone. To send your coach a file, attach it to a{' '}
            <Link to={paths.messagesCompose}>message</Link>.
          </p>
          <Files companyId={null} />
        </>
      ) : (
        <>
          <section className="card" aria-labelledby="send-title">
            <h2 id="send-title">Send a file to your coach</h2>
            {/* The files are the company's: a colleague sees them too, so the sender knows before sending. */}
            <p className="muted">
              Your coach and your colleagues at {user.company || 'your company'} can see and download the
              files you send here.
            </p>
            <SendFileForm companyId={user.company_id} />
          </section>
          <Files companyId={user.company_id} />
        </>
      )}
    </PageFrame>
  );
}
