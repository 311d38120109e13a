/**
 * The coach's client page's Forms section: sending a form (optionally for one of the client's upcoming
 * meetings, with a due date), and each form sent with its state and, once submitted, the answers.
 */
import { useState, type FormEvent } from 'react';
import { Field, SelectField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { QueryState } from '@/components/query-state';
import { formatDate, formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { Answers } from '../../../../../contracts/forms';
import type { FormSend } from '../../../../../contracts/rest/forms';
import { SubmittedAnswers } from '@/components/submitted-answers';
import { useClientForms, useFormLibrary, useSendForm } from '../api/forms';

interface MeetingChoice {
  id: number;
  title: string;
  starts_at: string;
}

function SendForm({
  clientId,
  meetings,
  zone,
}: {
  clientId: number;
  meetings: MeetingChoice[];
  zone: string;
}) {
  const library = useFormLibrary();
  const send = useSendForm(clientId);
  const [formId, setFormId] = useState('');
  const [dueOn, setDueOn] = useState('');
  const [meetingId, setMeetingId] = useState('');
  const { errors, show, fromError } = useFieldErrors<'form_id' | 'due_on' | 'meeting_id'>();
  const usable = (library.data ?? []).filter((f) => !f.archived);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ form_id: formId ? undefined : 'Choose a form to send.' }, form)) return;
    send.mutate(
      { form_id: Number(formId), due_on: dueOn || null, meeting_id: meetingId ? Number(meetingId) : null },
      {
        onSuccess: () => {
          setFormId('');
          setDueOn('');
          setMeetingId('');
          notify.success('Form sent');
        },
        onError: (error) => fromError(error, form),
      },
    );
  };
  return (
    <form className="send-form" onSubmit={submit} noValidate>
      <h3>Send a form</h3>
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
      <Field
        label="Due by (optional)"
        type="date"
        value={dueOn}
        onChange={(e) => setDueOn(e.target.value)}
        error={errors.due_on}
      />
      <FormButtons submitLabel="Send form" pending={send.isPending} pendingLabel="Sending..." />
    </form>
  );
}

function SentForm({
  send,
  meeting,
  zone,
}: {
  send: FormSend;
  meeting: MeetingChoice | undefined;
  zone: string;
}) {
  return (
    <li id={`form-${send.id}`} className="client-row">
      <strong>{send.title}</strong>
      <span className="muted">
        {[
          `Sent ${formatDateTime(send.sent_at, zone)}`,
          meeting && `for ${meeting.title}, ${formatDateTime(meeting.starts_at, zone)}`,
          send.due_on && `due ${formatDate(send.due_on)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      {send.status === 'submitted' ? (
        <details>
          <summary>Answers, submitted {formatDateTime(send.submitted_at ?? send.sent_at, zone)}</summary>
          <SubmittedAnswers layout={send.layout} answers={send.answers as Answers} />
        </details>
      ) : (
        <span>{send.saved_at ? 'Started, not submitted yet' : 'Not started yet'}</span>
      )}
    </li>
  );
}

export function ClientForms({
  clientId,
  meetings,
  upcoming,
  zone,
}: {
  clientId: number;
  /** Every meeting of the client's the page knows, to name the one a form was sent for. */
  meetings: MeetingChoice[];
  /** The upcoming ones, which a form can be sent for. */
  upcoming: MeetingChoice[];
  zone: string;
}) {
  const sends = useClientForms(clientId);
  const byId = new Map(meetings.map((m) => [m.id, m]));
  return (
    <section id="forms" className="card client-section" aria-labelledby="forms-title">
      <h2 id="forms-title">Forms</h2>
      <div className="client-columns">
        <div>
          <QueryState
            query={sends}
            what="The client's forms"
            empty={<p className="muted">No forms sent yet.</p>}
          >
            {(list) => (
              <ul className="client-list">
                {list.map((s) => (
                  <SentForm
                    key={s.id}
                    send={s}
                    meeting={s.meeting_id === null ? undefined : byId.get(s.meeting_id)}
                    zone={zone}
                  />
                ))}
              </ul>
            )}
          </QueryState>
        </div>
        <SendForm clientId={clientId} meetings={upcoming} zone={zone} />
      </div>
    </section>
  );
}
