/** Files for a message: a file picker or drag and drop, each with its progress, error and a Remove button. */
import { useId, useState, type DragEvent } from 'react';
import { MAX_FILES, MAX_MESSAGE_BYTES } from '../api/upload-attachment';
import type { useAttachments } from './use-attachments';

export function AttachmentPicker({ attachments }: { attachments: ReturnType<typeof useAttachments> }) {
  const id = useId();
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    attachments.add([...event.dataTransfer.files]);
  };

  return (
    <div className="field">
      <div
        className={over ? 'drop-zone over' : 'drop-zone'}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {/* The input comes first: base.css shows the focus ring on the label that follows it. */}
        <input
          id={id}
          type="file"
          multiple
          className="visually-hidden"
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            attachments.add([...(event.target.files ?? [])]);
            // The same file can be picked again after a removal.
            event.target.value = '';
          }}
        />
        <label htmlFor={id} className="btn btn-secondary">
          Attach files
        </label>
        <span id={`${id}-hint`} className="field-hint">
          or drop them here. Up to {MAX_FILES} files, {MAX_MESSAGE_BYTES / 1024 / 1024} MB in all.
        </span>
      </div>
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
