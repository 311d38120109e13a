/** /coach/academy/:lessonid: one of the academy's lessons in the shared lesson editor. */
import { useParams } from 'react-router-dom';
import { LessonEditor } from '@/components/lesson-editor';
import { paths } from '@/config/paths';
import { routeId } from '@/lib/route-id';

export default function Page() {
  return (
    <LessonEditor
      lessonId={routeId(useParams().lessonid)}
      back={{ to: paths.coachAcademy, label: 'Back to the academy' }}
    />
  );
}
