import { useState, type FormEvent } from 'react';
import { Field, SelectField, TextAreaField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { StartAndLengthFields } from '@/components/start-and-length-fields';
import { formatDateTime, toLocalInput } from '@/lib/dates';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { CoachMeeting } from '../api/get-meetings';
import { useClients } from '../api/get-clients';
import { useSaveMeeting, type MeetingInput } from '../api/save-meeting';

type Fields = Exclude<keyof MeetingInput, 'confirm_overlap'>;

/**
 * A new meeting, or a change of one (`meeting`): the start is typed on the coach's own clock (`zone`). When the
 * API finds it overlapping the coach's other meetings, they are listed with "Book anyway"; nothing typed is lost.
 */
export function MeetingForm({
  meeting,
  clientId,
  zone,
  onDone,
}: {
  meeting?: CoachMeeting;
  clientId?: number | undefined;
  zone: string;
  onDone: () => void;
}) {
  const clients = useClients();
  const save = useSaveMeeting();
  const [client, setClient] = useState(String(meeting?.client.id ?? clientId ?? ''));
  const [title, setTitle] = useState(meeting?.title ?? '');
  const [agenda, setAgenda] = useState(meeting?.agenda ?? '');
  const [start, setStart] = useState(meeting ? toLocalInput(meeting.starts_at, zone) : '');
  const [minutes, setMinutes] = useState(String(meeting?.duration_minutes ?? 60));
  const [link, setLink] = useState(meeting?.meeting_url ?? '');
  const [place, setPlace] = useState(meeting?.place ?? '');
  const [overlaps, setOverlaps] = useState<CoachMeeting[]>([]);
  const { errors, show, fromError } = useFieldErrors<Fields>();

  const send = async (form: HTMLFormElement, confirm: boolean) => {
    const found = {
      ...(!client && { client_id: 'Choose a client.' }),
      ...(!title.trim() && { title: 'Give the meeting a title.' }),
      ...(!start && { start: 'Choose the date and time.' }),
      ...(!link.trim() && !place.trim() && { meeting_url: 'Give an online link or a place.' }),
    };
    if (show(found, form)) return;
    try {
      const saved = await save.mutateAsync({
        id: meeting?.id ?? null,
        client_id: Number(client),
        title: title.trim(),
        agenda,
        start,
        duration_minutes: Number(minutes),
        meeting_url: link.trim() || null,
        place: place.trim() || null,
        confirm_overlap: confirm,
      });
      if ('overlaps' in saved) return setOverlaps(saved.overlaps);
      onDone();
    } catch (error) {
      fromError(error, form);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOverlaps([]);
    void send(event.currentTarget, false);
  };

  return (
    <form className="card meeting-form" onSubmit={submit} noValidate aria-labelledby="meeting-form-title">
      <h2 id="meeting-form-title">{meeting ? `Change "${meeting.title}"` : 'New meeting'}</h2>
      <SelectField
        label="Client"
        value={client}
        disabled={meeting !== undefined || clients.isPending}
        onChange={(e) => setClient(e.target.value)}
        error={errors.client_id ?? (clients.isError ? 'Your clients could not be loaded.' : undefined)}
      >
        <option value="">Choose a client</option>
        {(clients.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.first_name} {c.last_name}
          </option>
        ))}
      </SelectField>
      <Field
        label="Title"
        value={title}
        maxLength={200}
        required
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <StartAndLengthFields
        zone={zone}
        start={start}
        onStart={setStart}
        minutes={minutes}
        onMinutes={setMinutes}
        errors={errors}
      />
      <Field
        label="Online link"
        type="url"
        hint="An https:// link, or leave it empty and give a place."
        value={link}
        maxLength={2000}
        onChange={(e) => setLink(e.target.value)}
        error={errors.meeting_url}
      />
      <Field
        label="Place"
        value={place}
        maxLength={300}
        onChange={(e) => setPlace(e.target.value)}
        error={errors.place}
      />
      <TextAreaField
        label="Agenda"
        value={agenda}
        maxLength={5000}
        onChange={(e) => setAgenda(e.target.value)}
        error={errors.agenda}
      />
      {overlaps.length > 0 && (
        <div className="overlap-warning" role="alert">
          <p>This time overlaps your other meetings:</p>
          <ul>
            {overlaps.map((m) => (
              <li key={m.id}>
                {m.title} with {m.client.first_name} {m.client.last_name}, {formatDateTime(m.starts_at, zone)}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn"
            disabled={save.isPending}
            onClick={(e) => {
              const { form } = e.currentTarget;
              if (form) void send(form, true);
            }}
          >
            Book anyway
          </button>
        </div>
      )}
      <FormButtons
        submitLabel={meeting ? 'Save changes' : 'Schedule meeting'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
