/**
 * /business-academy (business_academy only): the academy's course list, lessons grouped by module in order,
 * with the member's progress per lesson and overall.
 */
import { Link } from 'react-router-dom';
import { LessonProgress, LessonStepsNote } from '@/components/lesson-progress';
import { ACADEMY_LESSON_STEPS } from '@/lib/lesson-steps';
import { LoadFailed } from '@/components/load-failed';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session';
import { useAcademy } from '../api/get-academy';
import './business-academy.css';

export default function BusinessAcademyPage() {
  const user = useUser();
  const academy = useAcademy(user.id);
  const lessons = academy.data?.flatMap((m) => m.lessons) ?? [];
  const done = lessons.reduce((sum, l) => sum + l.steps_done, 0);
  return (
    <div className="page">
      <h1 className="page-title">Business Academy</h1>
      {academy.isPending && <PageLoading />}
      {academy.isError && <LoadFailed what="The academy" error={academy.error} retry={academy.refetch} />}
      {academy.data?.length === 0 && <p className="card empty-state muted">No courses yet.</p>}
      {academy.data && academy.data.length > 0 && (
        <>
          <LessonProgress
            stepsDone={done}
            totalSteps={lessons.length * ACADEMY_LESSON_STEPS.length}
            label="Your progress in the academy"
          />
          {academy.data.map((module) => (
            <section key={module.id} className="academy-module" aria-labelledby={`module-${module.id}`}>
              <h2 id={`module-${module.id}`}>{module.title}</h2>
              {module.description && <p>{module.description}</p>}
              <ol className="academy-lessons">
                {module.lessons.map((item) => (
                  <li key={item.lesson.id} className="card academy-lesson">
                    <div>
                      <h3>
                        <Link to={paths.academyLesson(String(item.lesson.id))}>{item.lesson.title}</Link>
                      </h3>
                      <p>{item.lesson.short_desc}</p>
                    </div>
                    <LessonStepsNote
                      minutes={item.lesson_length}
                      stepsDone={item.steps_done}
                      totalSteps={ACADEMY_LESSON_STEPS.length}
                    />
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
