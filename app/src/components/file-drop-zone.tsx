/** Picking files: a file picker (its label is the button) or files dropped on the zone. */
import { useId, useState, type DragEvent } from 'react';
import './file-drop-zone.css';

export function FileDropZone({
  label,
  hint,
  onFiles,
}: {
  label: string;
  hint: string;
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
        id={id}
        type="file"
        multiple
        className="visually-hidden"
        aria-describedby={`${id}-hint`}
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
    </div>
  );
}
