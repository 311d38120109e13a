/** A form's submit button ('Saving...' while the save runs) and, for a form that can be left, Cancel. */
export function FormButtons({
  submitLabel,
  pending,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <div className="button-row">
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? 'Saving...' : submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
