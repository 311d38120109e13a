/** /groups: the client's groups (SPEC §2's landing page with group_coaching), each with their progress. */
import { Link } from 'react-router-dom';
import { LoadFailed } from '@/components/load-failed';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session';
import { useGroups } from '../api/get-groups';
import { GroupFacts, GroupProgress } from './group-facts';
import './groups.css';

export default function GroupsPage() {
  const user = useUser();
  const groups = useGroups(user.id);
  return (
    <div className="page">
      <h1 className="page-title">My Groups</h1>
      {groups.isPending && <PageLoading />}
      {groups.isError && <LoadFailed what="Your groups" error={groups.error} retry={groups.refetch} />}
      {groups.data?.length === 0 && (
        <p className="card empty-state muted">You are not in a group yet. Your coach will invite you.</p>
      )}
      {groups.data && groups.data.length > 0 && (
        <ul className="group-list">
          {groups.data.map((group) => (
            <li key={group.user_group_id} className="card group-card">
              <h2>
                <Link to={paths.group(String(group.id), String(group.user_group_id))}>{group.title}</Link>
              </h2>
              <p>{group.description}</p>
              <GroupFacts group={group} />
              <GroupProgress group={group} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
