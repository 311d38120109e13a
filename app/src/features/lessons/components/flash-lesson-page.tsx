/**
 * /lessons/{assessmentid}/{lessonid}: one flash-coaching lesson, shown only when the API finds SPEC §6's
 * progress record (open to this client on this assessment); otherwise the API's 403 reason and the way back.
 * Flash-coaching analytics are sent from here, and only while this page is open.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LessonRefusal } from './lesson-page';
import { LessonView } from './lesson-view';
import { PageLoading } from '@/components/page-loading';
import { NotFoundState, RefusedState } from '@/components/refused-state';
import { paths } from '@/config/paths';
import { routeId } from '@/lib/route-id';
import { useFlashLesson } from '../api/get-flash-lesson';
import { flashAnalytics } from '../api/send-flash-analytics';
import { FlashAnalyticsPanel } from './flash-analytics-panel';
import './lessons.css';

const BACK = { to: paths.lessons, label: 'Back to My Lessons' };

export default function LessonPage() {
  const params = useParams();
  const assessmentId = routeId(params.assessmentid);
  const lessonId = routeId(params.lessonid);
  if (assessmentId === null || lessonId === null)
    return (
      <LessonRefusal>
        <NotFoundState subject="lesson" back={BACK} />
      </LessonRefusal>
    );
  return <FlashLesson assessmentId={assessmentId} lessonId={lessonId} />;
}

function FlashLesson({ assessmentId, lessonId }: { assessmentId: number; lessonId: number }) {
  const lesson = useFlashLesson(assessmentId, lessonId);
  useEffect(() => flashAnalytics.open(), []);

  if (lesson.isPending) return <PageLoading />;
  if (lesson.isError) {
    return (
      <LessonRefusal>
        <RefusedState subject="lesson" error={lesson.error} retry={lesson.refetch} back={BACK} />
      </LessonRefusal>
    );
  }
  const { data } = lesson;
  return (
    <div className="page flash-lesson-page">
      <nav aria-label="Breadcrumb" className="muted">
        <Link to={paths.lessons}>My Lessons</Link> · {data.assessment_title}
      </nav>
      <LessonView lesson={data.lesson}>
        <FlashAnalyticsPanel key={`${assessmentId}:${lessonId}`} saved={data.analytics} />
      </LessonView>
    </div>
  );
}
