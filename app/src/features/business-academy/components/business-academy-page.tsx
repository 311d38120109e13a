/**
 * /business-academy (business_academy only): the academy's course list, lessons grouped by module in order,
 * with the member's progress per lesson and overall.
 */
import { Link } from 'react-router-dom';
import { LessonProgress, LessonStepsNote } from '@/components/lesson-progress';
import { ACADEMY_LESSON_STEPS } from '@/lib/lesson-steps';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session';
import { useAcademy, type AcademyModule } from '../api/get-academy';
import './business-academy.css';

export default function BusinessAcademyPage() {
  const user = useUser();
  const academy = useAcademy(user.id);
  return (
    <div className="page">
      <h1 className="page-title">Business Academy</h1>
      <QueryState query={academy} what="The academy" empty="No courses yet.">
        {(modules) => <Modules modules={modules} />}
      </QueryState>
    </div>
  );
}

function Modules({ modules }: { modules: AcademyModule[] }) {
  const lessons = modules.flatMap((m) => m.lessons);
  const done = lessons.reduce((sum, l) => sum + l.steps_done, 0);
  return (
    <>
      <LessonProgress
        stepsDone={done}
        totalSteps={lessons.length * ACADEMY_LESSON_STEPS.length}
        label="Your progress in the academy"
      />
      {modules.map((module) => (
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
  );
}
