/**
 * A lesson page, shared by group lessons and the business academy: a way back, the lesson (./lesson-view),
 * the member's analytics (./analytics-panel) and links to the lessons before and after it. The feature
 * supplies where the lesson is taken and how its routes are written.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageLoading } from '@/components/page-loading';
import { NotFoundState, RefusedState } from '@/components/refused-state';
import { useUser } from '@/lib/session';
import { AnalyticsPanel } from './analytics-panel';
import { LessonChecklist } from './lesson-checklist';
import { useLesson } from '../api/get-lesson';
import { LessonView } from './lesson-view';
import type { LessonPlace } from '../api/training-analytics';
import { PageFrame } from '@/components/page-frame';

interface LessonPageProps {
  place: LessonPlace;
  back: { to: string; label: string };
  lessonHref: (lessonId: number) => string;
}

/** A lesson page that shows no lesson: why (locked, not found, not loaded), under the page's title. */
export function LessonRefusal({ children }: { children: ReactNode }) {
  return <PageFrame title="Lesson">{children}</PageFrame>;
}

/** `place` is null when the address holds no valid ids: not found, and nothing asked of the API. */
export function LessonPage({
  place,
  ...rest
}: Omit<LessonPageProps, 'place'> & { place: LessonPlace | null }) {
  if (!place)
    return (
      <LessonRefusal>
        <NotFoundState subject="lesson" back={rest.back} />
      </LessonRefusal>
    );
  return <PlacedLesson place={place} {...rest} />;
}

function PlacedLesson({ place, back, lessonHref }: LessonPageProps) {
  const user = useUser();
  const query = useLesson(user.id, place);
  const lesson = query.data;
  if (query.isError)
    return (
      <LessonRefusal>
        <RefusedState subject="lesson" error={query.error} retry={query.refetch} back={back} />
      </LessonRefusal>
    );
  return (
    <div className="page">
      <p>
        <Link to={back.to}>← {back.label}</Link>
      </p>
      {query.isPending && <PageLoading />}
      {lesson && (
        <LessonView lesson={lesson}>
          <p className="muted lesson-meta">
            {lesson.context_title}
            {lesson.lesson_length > 0 && ` · ${lesson.lesson_length} minutes`}
          </p>
          <AnalyticsPanel place={place} />
          <LessonChecklist key={lesson.id} place={place} items={lesson.checklist} />
          {(lesson.previous_lesson || lesson.next_lesson) && (
            <nav className="lesson-nav" aria-label="Lessons">
              {lesson.previous_lesson && (
                <Link to={lessonHref(lesson.previous_lesson.id)}>
                  ← Previous: {lesson.previous_lesson.title}
                </Link>
              )}
              {lesson.next_lesson && (
                <Link className="lesson-nav-next" to={lessonHref(lesson.next_lesson.id)}>
                  Next: {lesson.next_lesson.title} →
                </Link>
              )}
            </nav>
          )}
        </LessonView>
      )}
    </div>
  );
}
