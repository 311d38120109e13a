/**
 * "Send a form": a form of the coach's library (the archived left out), an optional due date and, where the
 * page knows a client's upcoming meetings, the one it prepares for. The client page's forms panel sends it to
 * one client, the group page to every member; each says what its send did (`send` answers the toast's words).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Field, SelectField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { formatDateTime } from '@/lib/dates';
import { formLibraryQueryOptions } from '@/lib/form-library';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { SendInput } from '../../../contracts/rest/forms';

interface MeetingChoice {
  id: number;
  title: string;
  starts_at: string;
}

export function SendForm({
  send,
  pending,
  intro,
  meetings,
  zone = 'UTC',
}: {
  send: (input: SendInput) => Promise<string>;
  pending: boolean;
  /** A line under the heading saying whom it goes to. */
  intro?: ReactNode;
  /** The client's upcoming meetings, which a form can be sent for (none: no meeting field). */
  meetings?: MeetingChoice[];
  zone?: string;
}) {
  const library = useQuery(formLibraryQueryOptions());
  const [formId, setFormId] = useState('');
  const [dueOn, setDueOn] = useState('');
  const [meetingId, setMeetingId] = useState('');
  const { errors, show, fromError } = useFieldErrors<'form_id' | 'due_on' | 'meeting_id'>();
  const usable = (library.data ?? []).filter((f) => !f.archived);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ form_id: formId ? undefined : 'Choose a form to send.' }, form)) return;
    const input: SendInput = { form_id: Number(formId), due_on: dueOn || null };
    if (meetings) input.meeting_id = meetingId ? Number(meetingId) : null;
    send(input).then(
      (done) => {
        setFormId('');
        setDueOn('');
        setMeetingId('');
        show({});
        notify.success(done);
      },
      (error: unknown) => fromError(error, form),
    );
  };
  return (
    <form className="send-form" onSubmit={submit} noValidate>
      <h3>Send a form</h3>
      {intro && <p className="muted">{intro}</p>}
      <SelectField
        label="Form"
        value={formId}
        onChange={(e) => setFormId(e.target.value)}
        error={errors.form_id}
        hint={library.isError ? 'Your forms could not be loaded; reload the page to try again.' : undefined}
      >
        <option value="">Choose a form</option>
        {usable.map((f) => (
          <option key={f.id} value={f.id}>
            {f.title}
          </option>
        ))}
      </SelectField>
      {meetings && (
        <SelectField
          label="For the meeting (optional)"
          value={meetingId}
          onChange={(e) => setMeetingId(e.target.value)}
          error={errors.meeting_id}
        >
          <option value="">No meeting</option>
          {meetings.map((m) => (
            <option key={m.id} value={m.id}>
              {m.title}, {formatDateTime(m.starts_at, zone)}
            </option>
          ))}
        </SelectField>
      )}
      <Field
        label="Due by (optional)"
        type="date"
        value={dueOn}
        onChange={(e) => setDueOn(e.target.value)}
        error={errors.due_on}
      />
      <FormButtons submitLabel="Send form" pending={pending} pendingLabel="Sending..." />
    </form>
  );
}
