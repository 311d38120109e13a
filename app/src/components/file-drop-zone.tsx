/** Picking files: a file picker (its label is the button) or files dropped on the zone. */
import { useId, useState, type DragEvent } from 'react';
import { FieldError, controlAria } from './field';
import './file-drop-zone.css';

export function FileDropZone({
  label,
  hint,
  error,
  onFiles,
}: {
  label: string;
  hint: string;
  /** The server's refusal of the files together (a form's 422), tied to the picker. */
  error?: string | undefined;
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };

  return (
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
        {...controlAria(id, true, error)}
        type="file"
        multiple
        className="visually-hidden"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // The same file can be picked again after a removal.
          event.target.value = '';
        }}
      />
      <label htmlFor={id} className="btn btn-secondary">
        {label}
      </label>
      <span id={`${id}-hint`} className="field-hint">
        {hint}
      </span>
      <FieldError id={id} error={error} />
    </div>
  );
}
