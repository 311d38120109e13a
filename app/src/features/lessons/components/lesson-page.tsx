/**
 * /lessons/{assessmentid}/{lessonid}: one flash-coaching lesson, shown only when the API finds SPEC §6's
 * progress record (open to this client on this assessment); otherwise the API's 403 reason and the way back.
 * Flash-coaching analytics are sent from here, and only while this page is open.
 */
import { isAxiosError } from 'axios';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LessonView } from '@/components/lesson-view/lesson-view';
import { LoadFailed } from '@/components/load-failed';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-errors';
import { useFlashLesson } from '../api/get-flash-lesson';
import { flashAnalytics } from '../api/send-flash-analytics';
import { FlashAnalyticsPanel } from './flash-analytics-panel';
import './lessons.css';

const backLink = (
  <p>
    <Link to={paths.lessons}>Back to My Lessons</Link>
  </p>
);

export default function LessonPage() {
  const params = useParams();
  const assessmentId = Number(params.assessmentid);
  const lessonId = Number(params.lessonid);
  const lesson = useFlashLesson(assessmentId, lessonId);
  useEffect(() => flashAnalytics.open(), []);

  if (lesson.isPending) return <PageLoading />;
  if (lesson.isError) {
    const status = isAxiosError(lesson.error) ? lesson.error.response?.status : undefined;
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page-title">
          Lesson
        </h1>
        {status === 403 || status === 404 ? (
          <div className="card empty-state">
            <p>{errorMessage(lesson.error)}</p>
            <p className="muted">Your coach opens each lesson when you are ready for it.</p>
          </div>
        ) : (
          <LoadFailed what="This lesson" error={lesson.error} retry={lesson.refetch} />
        )}
        {backLink}
      </section>
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
