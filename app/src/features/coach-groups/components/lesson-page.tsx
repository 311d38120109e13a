/** /coach/groups/:id/lessons/:lessonid: one of the group's lessons in the shared lesson editor. */
import { useParams } from 'react-router-dom';
import { LessonEditor } from '@/components/lesson-editor';
import { paths } from '@/config/paths';
import { routeId } from '@/lib/route-id';

export default function Page() {
  const params = useParams();
  const groupId = routeId(params.id);
  const back = groupId
    ? { to: paths.coachGroup(groupId), label: 'Back to the group' }
    : { to: paths.coachGroups, label: 'Back to your groups' };
  return <LessonEditor lessonId={routeId(params.lessonid)} back={back} />;
}
