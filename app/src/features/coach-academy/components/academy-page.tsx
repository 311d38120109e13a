/**
 * /coach/academy: the coach's academy modules in order (reordered by drag or the move buttons), each with its
 * lessons in order, links to their editors, a new lesson (a draft until published) and delete with undo.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { SortableList } from '@/components/sortable-list';
import { TitleForm } from '@/components/title-form';
import { deleteWithUndo } from '@/components/undo-delete';
import { paths } from '@/config/paths';
import { deleteLesson } from '@/lib/delete-lesson';
import {
  academyQueryOptions,
  deleteModule,
  useAcademy,
  useAcademyChanges,
  type AcademyModule,
} from '../api/academy';
import { PageFrame } from '@/components/page-frame';

function ModuleCard({ module, modules }: { module: AcademyModule; modules: AcademyModule[] }) {
  const client = useQueryClient();
  const key = academyQueryOptions().queryKey;
  const changes = useAcademyChanges();
  const navigate = useNavigate();
  const headingId = `module-${module.id}`;
  const withLessons = (lessons: AcademyModule['lessons']) =>
    client.setQueryData(
      key,
      modules.map((m) => (m.id === module.id ? { ...m, lessons } : m)),
    );
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{module.title}</h2>
      {module.description && <p className="muted">{module.description}</p>}
      {module.lessons.length === 0 ? (
        <p className="muted">No lessons in this module yet.</p>
      ) : (
        <SortableList
          label={`Lessons of ${module.title}`}
          items={module.lessons.map((lesson) => ({
            id: lesson.id,
            lesson,
            label: lesson.title,
            content: (
              <div className="lesson-row">
                <Link to={paths.coachAcademyLesson(lesson.id)}>{lesson.title}</Link>
                <span className="badge">{lesson.published ? 'Published' : 'Draft'}</span>
                {lesson.length > 0 && <span className="muted">{lesson.length} min</span>}
                <button
                  type="button"
                  className="btn btn-link"
                  aria-label={`Delete “${lesson.title}”`}
                  onClick={() =>
                    deleteWithUndo({
                      message: `“${lesson.title}” deleted.`,
                      hide: () => withLessons(module.lessons.filter((l) => l.id !== lesson.id)),
                      restore: () => void client.invalidateQueries({ queryKey: key }),
                      commit: async () => {
                        await deleteLesson(lesson.id);
                        await client.invalidateQueries({ queryKey: key });
                      },
                    })
                  }
                >
                  Delete
                </button>
              </div>
            ),
          }))}
          onMove={(moved) => {
            withLessons(moved.map((row) => row.lesson));
            changes.orderLessons.mutate({ moduleId: module.id, ids: moved.map((row) => row.id) });
          }}
        />
      )}
      <TitleForm
        label={`New lesson in ${module.title}`}
        submitLabel="Add lesson"
        onAdd={(title, done, failed) =>
          changes.addLesson.mutate(
            { moduleId: module.id, title },
            {
              onSuccess: (lesson) => {
                done();
                void navigate(paths.coachAcademyLesson(lesson.id));
              },
              onError: failed,
            },
          )
        }
      />
      <p>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() =>
            deleteWithUndo({
              message: `Module “${module.title}” deleted.`,
              hide: () =>
                client.setQueryData(
                  key,
                  modules.filter((m) => m.id !== module.id),
                ),
              restore: () => void client.invalidateQueries({ queryKey: key }),
              commit: async () => client.setQueryData(key, await deleteModule(module.id)),
            })
          }
        >
          Delete module
        </button>
      </p>
    </section>
  );
}

export default function Page() {
  const academy = useAcademy();
  const changes = useAcademyChanges();
  const client = useQueryClient();
  return (
    <PageFrame title="Academy">
      <div className="card">
        <TitleForm
          label="New module"
          submitLabel="Add module"
          onAdd={(title, done, failed) =>
            changes.addModule.mutate(title, { onSuccess: done, onError: failed })
          }
        />
      </div>
      <QueryState
        query={academy}
        what="Your academy"
        empty="You have no academy modules yet: add the first one above."
      >
        {(modules) => (
          <>
            {modules.length > 1 && (
              <section className="card" aria-labelledby="module-order">
                <h2 id="module-order">Order of the modules</h2>
                <SortableList
                  label="Modules"
                  items={modules.map((m) => ({ id: m.id, module: m, label: m.title, content: m.title }))}
                  onMove={(moved) => {
                    client.setQueryData(
                      academyQueryOptions().queryKey,
                      moved.map((row) => row.module),
                    );
                    changes.orderModules.mutate(moved.map((row) => row.id));
                  }}
                />
              </section>
            )}
            {modules.map((module) => (
              <ModuleCard key={module.id} module={module} modules={modules} />
            ))}
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
