/** /business-academy/lesson/{lessonid}: an academy lesson on the shared lesson page, with its analytics. */
import { useParams } from 'react-router-dom';
import { LessonPage } from './lesson-page';
import { paths } from '@/config/paths';
import { routeId } from '@/lib/route-id';

export default function AcademyLessonPage() {
  const lessonId = routeId(useParams().lessonid);
  const place = lessonId === null ? null : { lessonId, userGroupId: null };
  return (
    <LessonPage
      place={place}
      back={{ to: paths.businessAcademy, label: 'Business Academy' }}
      lessonHref={(id) => paths.academyLesson(String(id))}
    />
  );
}
