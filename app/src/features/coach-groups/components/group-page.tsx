/**
 * /coach/groups/:id: one of the coach's groups: its details (autosaved), lessons in order, members with their
 * progress and payment, and links to its live sessions and progress. Another coach's group is a 404 here.
 */
import { Link, useParams } from 'react-router-dom';
import { statusOf } from '@/lib/api-call';
import { LoadFailed } from '@/components/load-failed';
import { PageLoading } from '@/components/page-loading';
import { NotFoundState } from '@/components/refused-state';
import { paths } from '@/config/paths';
import { routeId } from '@/lib/route-id';
import { useGroup } from '../api/get-group';
import { GroupDetails } from './group-details';
import { GroupForms } from './group-forms';
import { GroupHandover } from './group-handover';
import { GroupLessons } from './group-lessons';
import { GroupMembers } from './group-members';
import './coach-groups.css';
import { PageFrame } from '@/components/page-frame';

const back = { to: paths.coachGroups, label: 'Back to your groups' };

export default function Page() {
  const id = routeId(useParams().id);
  const query = useGroup(id);
  const status = statusOf(query.error);
  const group = query.data;
  let body;
  if (id === null || status === 404) body = <NotFoundState subject="group" back={back} />;
  else if (group)
    body = (
      <>
        <nav className="group-links" aria-label="More about this group">
          <Link to={paths.coachGroupSessions(group.id)}>Live sessions</Link>
          <Link to={paths.coachGroupProgress(group.id)}>Progress</Link>
        </nav>
        <GroupDetails key={group.id} group={group} />
        <GroupLessons group={group} />
        <GroupMembers group={group} />
        <GroupForms group={group} />
        <GroupHandover group={group} />
      </>
    );
  else if (query.isError) body = <LoadFailed what="This group" error={query.error} retry={query.refetch} />;
  else body = <PageLoading />;
  return (
    <PageFrame title={group ? group.title : 'Group'} back={back}>
      {body}
    </PageFrame>
  );
}
