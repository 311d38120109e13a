/** /lessons: the client's flash-coaching lessons by assessment; a locked one is listed but not opened. */
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useFlashLessons, type FlashLessonItem } from '../api/get-flash-lessons';
import './lessons.css';
import { PageFrame } from '@/components/page-frame';

function byAssessment(items: FlashLessonItem[]) {
  const groups = new Map<number, { title: string; items: FlashLessonItem[] }>();
  for (const item of items) {
    const group = groups.get(item.assessment_id) ?? { title: item.assessment_title, items: [] };
    group.items.push(item);
    groups.set(item.assessment_id, group);
  }
  return [...groups.entries()];
}

function LessonCard({ item }: { item: FlashLessonItem }) {
  const { lesson } = item;
  return (
    <li className={`card flash-lesson${item.access === 1 ? '' : ' flash-lesson-locked'}`}>
      <h3>
        {item.access === 1 ? (
          <Link to={paths.lesson(String(item.assessment_id), String(lesson.id))}>{lesson.title}</Link>
        ) : (
          <>
            {lesson.title} <span className="badge">Locked</span>
          </>
        )}
      </h3>
      {lesson.short_desc && <p>{lesson.short_desc}</p>}
      {item.access !== 1 && <p className="muted">Your coach opens this lesson when you are ready for it.</p>}
    </li>
  );
}

export default function LessonsPage() {
  const lessons = useFlashLessons();
  return (
    <PageFrame title="My Lessons" className="lessons-page">
      <QueryState
        query={lessons}
        what="Your lessons"
        empty="No lessons yet. Your coach adds flash-coaching lessons after your assessment."
      >
        {(list) =>
          byAssessment(list).map(([id, group]) => (
            <section key={id} aria-labelledby={`assessment-${id}`} className="flash-assessment">
              <h2 id={`assessment-${id}`}>{group.title}</h2>
              <ul className="flash-lesson-list">
                {group.items.map((item) => (
                  <LessonCard key={item.lesson.id} item={item} />
                ))}
              </ul>
            </section>
          ))
        }
      </QueryState>
    </PageFrame>
  );
}
