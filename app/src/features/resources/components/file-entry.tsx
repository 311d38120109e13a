/** One entry of the company's files: who sent it and when, its description, and its files. */
import { formatDateTime } from '@/lib/dates';
import { fromWhom } from '@/lib/file-sender';
import { useUser } from '@/lib/session';
import { fileSize } from '@/lib/uploads';
import type { CompanyFile, StoredFile } from '../api/get-company-files';
import { canPreview, kindLabel } from './file-kinds';

export const entryTitle = (entry: CompanyFile): string =>
  entry.files[0]?.name ?? (entry.description.split('\n')[0] || 'Note');

export function FileEntry({
  entry,
  onPreview,
  onDownload,
  onEdit,
  onDelete,
}: {
  entry: CompanyFile;
  onPreview: (file: StoredFile) => void;
  onDownload: (file: StoredFile) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const user = useUser();
  const headingId = `file-entry-${entry.id}`;
  const title = entryTitle(entry);
  return (
    <article className="card file-entry" aria-labelledby={headingId}>
      <header className="file-entry-header">
        <div>
          <h3 id={headingId} className="file-entry-from">
            {fromWhom(entry, { id: user.id, client: true })}
          </h3>
          <time className="muted file-entry-date" dateTime={entry.created_at}>
            {formatDateTime(entry.created_at)}
          </time>
        </div>
        {entry.editable && (
          <div className="file-entry-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={onEdit}
              aria-label={`Rename or describe: ${title}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={onDelete}
              aria-label={`Delete: ${title}`}
            >
              Delete
            </button>
          </div>
        )}
      </header>
      {entry.description && <p className="file-entry-description">{entry.description}</p>}
      {entry.files.length > 0 && (
        <ul className="file-list" aria-label="Files">
          {entry.files.map((file) => (
            <li key={file.id} className="file-row">
              <span className="file-name">{file.name}</span>
              <span className="muted file-meta">
                {kindLabel(file)} · {fileSize(file.size)}
              </span>
              <span className="file-buttons">
                {canPreview(file) && (
                  <button
                    type="button"
                    className="btn-link"
                    aria-label={`Preview ${file.name}`}
                    onClick={() => onPreview(file)}
                  >
                    Preview
                  </button>
                )}
                <button
                  type="button"
                  className="btn-link"
                  aria-label={`Download ${file.name}`}
                  onClick={() => onDownload(file)}
                >
                  Download
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
