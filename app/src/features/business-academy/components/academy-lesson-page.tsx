/** /business-academy/lesson/{lessonid}: an academy lesson on the shared lesson page, with its analytics. */
import { useParams } from 'react-router-dom';
import { LessonPage } from '@/components/lesson-view/lesson-page';
import { paths } from '@/config/paths';

export default function AcademyLessonPage() {
  const { lessonid = '' } = useParams();
  const place = { lessonId: Number(lessonid), userGroupId: null };
  return (
    <LessonPage
      place={place}
      back={{ to: paths.businessAcademy, label: 'Business Academy' }}
      lessonHref={(id) => paths.academyLesson(String(id))}
    />
  );
}
