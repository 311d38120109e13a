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

/**
 * The aria attributes of a control with an optional hint and error, whose ids are `${id}-hint` and
 * `${id}-error`: for Field and the controls laid out their own way (beside a button, a file picker).
 */
export function controlAria(id: string, hint: boolean, error: string | null | undefined): ControlProps {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined,
  };
}

/** A control's error sentence, tied to it by controlAria's id. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  );
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
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      {hint && (
        <p id={`${controlId}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {control(controlAria(controlId, Boolean(hint), error))}
      <FieldError id={controlId} error={error} />
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
