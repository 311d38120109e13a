import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { formatDateTime } from '@/lib/dates';
import { httpLink } from '@/lib/http-link';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useUndoableDelete } from '@/components/use-undoable-delete';
import { useAddRecording, type RecordingInput } from '../api/add-recording';
import type { Recording } from '../api/get-sessions';
import { removeRecording } from '../api/remove-recording';

/** The group's recordings: a link added after a session, removed with a few seconds to undo. */
export function Recordings({
  groupId,
  zone,
  recordings,
}: {
  groupId: number;
  zone: string;
  recordings: Recording[];
}) {
  const add = useAddRecording(groupId);
  const [title, setTitle] = useState('');
  const [link, setLink] = useState('');
  const { hidden, remove: undoable } = useUndoableDelete();
  const { errors, show, fromError } = useFieldErrors<keyof RecordingInput>();
  const shown = recordings.filter((r) => !hidden.has(r.id));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = {
      ...(!title.trim() && { title: 'Give the recording a title.' }),
      ...(!/^https?:\/\/\S+$/.test(link.trim()) && { recording_url: 'Give the https:// link of the video.' }),
    };
    if (show(found, form)) return;
    try {
      await add.mutateAsync({ title: title.trim(), recording_url: link.trim() });
      notify.success('Recording added: members see it on the group page.');
      setTitle('');
      setLink('');
    } catch (error) {
      fromError(error, form);
    }
  };

  const remove = (recording: Recording) =>
    undoable(recording.id, `Recording "${recording.title}" deleted`, () =>
      removeRecording(groupId, recording.id),
    );

  return (
    <section className="card" aria-labelledby="recordings-title">
      <h2 id="recordings-title">Recordings</h2>
      {shown.length === 0 ? (
        <p className="muted">No recordings yet. Add the link of a session's video once it is online.</p>
      ) : (
        <ul className="recording-list">
          {shown.map((r) => {
            const href = httpLink(r.recording_url);
            return (
              <li key={r.id}>
                {href ? (
                  <a href={href} target="_blank" rel="noreferrer">
                    {r.title}
                  </a>
                ) : (
                  r.title
                )}{' '}
                <span className="muted">added {formatDateTime(r.recorded_at, zone)}</span>{' '}
                <button type="button" className="btn btn-link" onClick={() => remove(r)}>
                  Delete {r.title}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add a recording">
        <Field
          label="Recording title"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
        />
        <Field
          label="Video link"
          type="url"
          value={link}
          maxLength={2000}
          onChange={(e) => setLink(e.target.value)}
          error={errors.recording_url}
        />
        <FormButtons submitLabel="Add recording" pending={add.isPending} />
      </form>
    </section>
  );
}
