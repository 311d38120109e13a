import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

interface Labels {
  label: string;
  error?: string | null | undefined;
  hint?: string | undefined;
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, hint and error around one control, tied to it for screen readers. */
function Labelled({
  label,
  error,
  hint,
  id,
  control,
}: Labels & { id: string | undefined; control: (props: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {control({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function Field({ label, error, hint, id, ...input }: Labels & ComponentPropsWithRef<'input'>) {
  return <Labelled {...{ label, error, hint, id }} control={(props) => <input {...props} {...input} />} />;
}

/** A labelled multi-line field, like Field. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  ...textarea
}: Labels & ComponentPropsWithRef<'textarea'>) {
  return (
    <Labelled
      {...{ label, error, hint, id }}
      control={(props) => <textarea rows={5} {...props} {...textarea} />}
    />
  );
}

/** A labelled choice list, like Field. */
export function SelectField({ label, error, hint, id, ...select }: Labels & ComponentPropsWithRef<'select'>) {
  return <Labelled {...{ label, error, hint, id }} control={(props) => <select {...props} {...select} />} />;
}
