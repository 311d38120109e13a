/** Files for a message: a file picker or drag and drop, each with its progress, error and a Remove button. */
import { FileDropZone } from '@/components/file-drop-zone';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '@/lib/uploads';
import type { useAttachments } from './use-attachments';

export function AttachmentPicker({
  attachments,
  error,
}: {
  attachments: ReturnType<typeof useAttachments>;
  /** The server's refusal of the message's files. */
  error?: string | undefined;
}) {
  return (
    <div className="field">
      <FileDropZone
        label="Attach files"
        hint={`or drop them here. Up to ${UPLOAD_MAX_FILES} files, ${UPLOAD_MAX_MB} MB in all.`}
        error={error}
        onFiles={attachments.add}
      />
      {attachments.files.length > 0 && (
        <ul className="upload-list" aria-label="Attachments">
          {attachments.files.map((file) => (
            <li key={file.key} className="upload-item">
              <span className="upload-name">{file.name}</span>
              {file.error ? (
                <span className="field-error" role="alert">
                  {file.error}
                </span>
              ) : (
                <progress
                  max={1}
                  value={file.progress}
                  aria-label={`Uploading ${file.name}`}
                  className={file.uploaded ? 'upload-done' : undefined}
                />
              )}
              <button
                type="button"
                className="btn-link"
                aria-label={`Remove ${file.name}`}
                onClick={() => attachments.remove(file)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
