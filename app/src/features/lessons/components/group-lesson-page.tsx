/** /groups/{groupid}/{usergroupid}/lesson/{lessonid}: a group lesson and the member's analytics of it. */
import { useParams } from 'react-router-dom';
import { LessonPage } from './lesson-page';
import { paths } from '@/config/paths';
import { routeId } from '@/lib/route-id';

export default function GroupLessonPage() {
  const { groupid = '', usergroupid = '', lessonid = '' } = useParams();
  const lessonId = routeId(lessonid);
  const userGroupId = routeId(usergroupid);
  const place = lessonId && userGroupId && routeId(groupid) ? { lessonId, userGroupId } : null;
  return (
    <LessonPage
      place={place}
      back={{ to: paths.group(groupid, usergroupid), label: 'Back to the group' }}
      lessonHref={(id) => paths.groupLesson(groupid, usergroupid, String(id))}
    />
  );
}
