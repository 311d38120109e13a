import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { StartAndLengthFields } from '@/components/start-and-length-fields';
import { toLocalInput } from '@/lib/dates';
import { useFieldErrors } from '@/lib/use-field-errors';
import type { GroupSession } from '../api/get-sessions';
import { useSaveSession, type SessionInput } from '../api/save-session';

/** A new live session of the group, or a move of one: the start is typed on the coach's own clock (`zone`). */
export function SessionForm({
  groupId,
  session,
  zone,
  onDone,
}: {
  groupId: number;
  session?: GroupSession | undefined;
  zone: string;
  onDone: () => void;
}) {
  const save = useSaveSession(groupId);
  const [title, setTitle] = useState(session?.title ?? '');
  const [start, setStart] = useState(session ? toLocalInput(session.starts_at, zone) : '');
  const [minutes, setMinutes] = useState(String(session?.duration_minutes ?? 60));
  const [link, setLink] = useState(session?.meeting_url ?? '');
  const { errors, show, fromError } = useFieldErrors<keyof SessionInput>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = {
      ...(!title.trim() && { title: 'Give the session a title.' }),
      ...(!start && { start: 'Choose the date and time.' }),
      ...(!/^https?:\/\/\S+$/.test(link.trim()) && {
        meeting_url: 'Give the https:// link members join by.',
      }),
    };
    if (show(found, form)) return;
    try {
      await save.mutateAsync({
        id: session?.id ?? null,
        title: title.trim(),
        start,
        duration_minutes: Number(minutes),
        meeting_url: link.trim(),
      });
      onDone();
    } catch (error) {
      fromError(error, form);
    }
  };

  return (
    <form
      className="card meeting-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="session-form-title"
    >
      <h2 id="session-form-title">{session ? `Move "${session.title}"` : 'New live session'}</h2>
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
        zoneHint="Members are mailed it in their own time."
        start={start}
        onStart={setStart}
        minutes={minutes}
        onMinutes={setMinutes}
        errors={errors}
      />
      <Field
        label="Online link"
        type="url"
        hint="The https:// link members join by."
        value={link}
        maxLength={2000}
        required
        onChange={(e) => setLink(e.target.value)}
        error={errors.meeting_url}
      />
      <FormButtons
        submitLabel={session ? 'Save and tell members' : 'Schedule and invite members'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
