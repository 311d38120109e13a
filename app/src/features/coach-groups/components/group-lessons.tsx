/**
 * The group's lessons in order: reordered by drag or by the move buttons (saved at once), each a link to its
 * editor with its state, deleted with an undo; a new lesson is added last as a draft.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { SortableList } from '@/components/sortable-list';
import { TitleForm } from '@/components/title-form';
import { deleteWithUndo } from '@/components/undo-delete';
import { paths } from '@/config/paths';
import { deleteLesson } from '@/lib/delete-lesson';
import { groupQueryOptions, type GroupLesson, type GroupPageData } from '../api/get-group';
import { useGroupLessons } from '../api/group-lessons';

function NewLesson({ groupId }: { groupId: number }) {
  const { add } = useGroupLessons(groupId);
  const navigate = useNavigate();
  return (
    <TitleForm
      label="New lesson"
      submitLabel="Add lesson"
      onAdd={(title, done, failed) =>
        add.mutate(title, {
          onSuccess: (lesson) => {
            done();
            void navigate(paths.coachGroupLesson(groupId, lesson.id));
          },
          onError: failed,
        })
      }
    />
  );
}

function LessonRow({
  groupId,
  lesson,
  onDelete,
}: {
  groupId: number;
  lesson: GroupLesson;
  onDelete: () => void;
}) {
  return (
    <div className="lesson-row">
      <Link to={paths.coachGroupLesson(groupId, lesson.id)}>{lesson.title}</Link>
      <span className="badge">{lesson.published ? 'Published' : 'Draft'}</span>
      {lesson.free_lesson && <span className="badge">Free preview</span>}
      {lesson.lesson_access === 0 && <span className="badge">Locked</span>}
      {lesson.length > 0 && <span className="muted">{lesson.length} min</span>}
      <button
        type="button"
        className="btn btn-link"
        aria-label={`Delete “${lesson.title}”`}
        onClick={onDelete}
      >
        Delete
      </button>
    </div>
  );
}

export function GroupLessons({ group }: { group: GroupPageData }) {
  const client = useQueryClient();
  const key = groupQueryOptions(group.id).queryKey;
  const { order } = useGroupLessons(group.id);
  const setLessons = (lessons: GroupLesson[]) =>
    client.setQueryData(key, (page) => (page ? { ...page, lessons } : page));
  const move = (moved: { id: number; lesson: GroupLesson }[]) => {
    setLessons(moved.map((row) => row.lesson));
    order.mutate(moved.map((row) => row.id));
  };
  const remove = (lesson: GroupLesson) =>
    deleteWithUndo({
      message: `“${lesson.title}” deleted.`,
      hide: () => setLessons(group.lessons.filter((l) => l.id !== lesson.id)),
      restore: () => void client.invalidateQueries({ queryKey: key }),
      commit: async () => {
        await deleteLesson(lesson.id);
        await client.invalidateQueries({ queryKey: key });
      },
    });
  return (
    <section className="card" aria-labelledby="group-lessons">
      <h2 id="group-lessons">Lessons</h2>
      {group.lessons.length === 0 ? (
        <p className="muted">No lessons yet: add the first one below.</p>
      ) : (
        <SortableList
          label="Lessons"
          items={group.lessons.map((lesson) => ({
            id: lesson.id,
            lesson,
            label: lesson.title,
            content: <LessonRow groupId={group.id} lesson={lesson} onDelete={() => remove(lesson)} />,
          }))}
          onMove={move}
        />
      )}
      <NewLesson groupId={group.id} />
    </section>
  );
}
