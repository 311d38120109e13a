import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field, TextAreaField } from '@/components/field';
import { useFormFields } from '@/lib/use-form-fields';
import type { StepInput } from '../api/add-implementation';
import { FormButtons } from '@/components/form-buttons';

/**
 * A new implementation step of one focus area. What was typed stays until a save succeeds (onSave resolves),
 * so a refused or failed save loses nothing; the API's reasons show beside their fields. Putting it on the action-steps board is the default: that is
 * where the client moves it along.
 */
export function StepForm({
  focusAreaId,
  focusAreaName,
  pending,
  onSave,
  onCancel,
}: {
  focusAreaId: number;
  focusAreaName: string;
  pending: boolean;
  onSave: (input: StepInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { values, field, reset, show, fromError } = useFormFields({
    title: '',
    description: '',
    due_date: '',
  });
  const [onBoard, setOnBoard] = useState(true);
  const boardId = `step-board-${focusAreaId}`;
  const titleRef = useRef<HTMLInputElement>(null);
  // The form opens from its "Add a step" button, which it replaces: focus moves on to the first field.
  useEffect(() => titleRef.current?.focus(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const title = values.title.trim();
    if (show(title ? {} : { title: 'Write what the step is.' }, form)) return;
    await onSave({
      focus_area_id: focusAreaId,
      title,
      description: values.description.trim(),
      due_date: values.due_date || null,
      add_to_action_steps: onBoard,
    }).then(reset, (error: unknown) => fromError(error, form));
  };

  return (
    <form className="step-form" onSubmit={submit} noValidate aria-label={`New step for ${focusAreaName}`}>
      <Field label="Step" maxLength={200} required ref={titleRef} {...field('title')} />
      <TextAreaField label="Details (optional)" rows={3} maxLength={2000} {...field('description')} />
      <Field label="Due date (optional)" type="date" {...field('due_date')} />
      <div className="step-form-check">
        <input
          id={boardId}
          type="checkbox"
          checked={onBoard}
          onChange={(e) => setOnBoard(e.target.checked)}
        />
        <label htmlFor={boardId}>Also add it to My Action Steps</label>
      </div>
      <FormButtons submitLabel="Add step" pending={pending} onCancel={onCancel} />
    </form>
  );
}
