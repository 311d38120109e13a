import { QueryState } from '@/components/query-state';
import { notify } from '@/lib/toast';
import { useFlashLessons } from '../api/get-flash-lessons';
import { useSetFlashAccess } from '../api/set-flash-access';

/**
 * The flash-coaching lessons of this assessment (SPEC §6): each published lesson is open to the client or
 * not; opening one shows it on the client's My Lessons at once, closing it locks it again.
 */
export function FlashLessons({ clientId, assessmentId }: { clientId: number; assessmentId: number }) {
  const query = useFlashLessons(clientId);
  const access = useSetFlashAccess(clientId);
  const toggle = (lesson: { id: number; title: string; open: boolean }) =>
    access.mutateAsync({ assessment_id: assessmentId, lesson_id: lesson.id, open: !lesson.open }).then(
      () =>
        notify.success(
          lesson.open
            ? `"${lesson.title}" is closed to the client.`
            : `"${lesson.title}" is open to the client.`,
        ),
      () => undefined,
    );
  return (
    <section className="card" aria-labelledby="flash-title">
      <h2 id="flash-title">Flash lessons</h2>
      <QueryState query={query} what="The flash lessons">
        {(data) => {
          const lessons = data.assessments.find((a) => a.id === assessmentId)?.lessons ?? [];
          return lessons.length === 0 ? (
            <p className="muted">There are no published lessons to open yet.</p>
          ) : (
            <ul className="flash-lessons">
              {lessons.map((l) => (
                <li key={l.id}>
                  <span>
                    {l.title}: <strong>{l.open ? 'open to the client' : 'closed'}</strong>
                  </span>{' '}
                  <button
                    type="button"
                    className="btn"
                    disabled={access.isPending}
                    onClick={() => void toggle(l)}
                  >
                    {l.open ? `Close ${l.title}` : `Open ${l.title}`}
                  </button>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </section>
  );
}
