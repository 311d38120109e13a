/**
 * A lesson in the shared lesson editor: of a group (/coach/groups/:id/lessons/:lessonid) or of the academy
 * (/coach/academy/:lessonid, no group id), each with its way back.
 */
import { useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { routeId } from '@/lib/route-id';
import { LessonEditor } from './lesson-editor';

export default function Page() {
  const params = useParams();
  const groupId = routeId(params.id);
  const back =
    params.id === undefined
      ? { to: paths.coachAcademy, label: 'Back to the academy' }
      : groupId
        ? { to: paths.coachGroup(groupId), label: 'Back to the group' }
        : { to: paths.coachGroups, label: 'Back to your groups' };
  return <LessonEditor lessonId={routeId(params.lessonid)} back={back} />;
}
