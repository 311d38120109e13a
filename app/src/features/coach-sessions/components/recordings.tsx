import { LinkForm } from '@/components/link-form';
import { formatDateTime } from '@/lib/dates';
import { httpLink } from '@/lib/http-link';
import { notify } from '@/lib/toast';
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
  const { hidden, remove: undoable } = useUndoableDelete();
  const shown = recordings.filter((r) => !hidden.has(r.id));

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
      <LinkForm
        aria-label="Add a recording"
        labels={{ title: 'Recording title', url: 'Video link', submit: 'Add recording' }}
        problems={{ title: 'Give the recording a title.', url: 'Give the https:// link of the video.' }}
        urlKey={'recording_url' satisfies keyof RecordingInput}
        pending={add.isPending}
        onAdd={async ({ title, url }) => {
          await add.mutateAsync({ title, recording_url: url });
          notify.success('Recording added: members see it on the group page.');
        }}
      />
    </section>
  );
}
