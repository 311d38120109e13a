/** /groups: the client's groups (SPEC §2's landing page with group_coaching), each with their progress. */
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useCoachProfile } from '@/lib/coach-profile';
import { FormsWaitingCardLater } from '@/components/forms-waiting-card-lazy';
import { useUser } from '@/lib/session';
import { useGroups } from '../api/get-groups';
import { GroupFacts, GroupProgress } from './group-facts';
import './groups.css';

/**
 * No group yet: whether the coach will invite them depends on having a coach, so a client without one (the
 * landing page of a new client with group_coaching) is told that first, and what happens next.
 */
function NoGroup() {
  const user = useUser();
  const coach = useCoachProfile(user.company_id, user.id);
  return (
    <QueryState
      query={coach}
      what="Your coach"
      empty="You have no coach yet, so you are in no group. Once your coaching company assigns you a coach, they invite you to their groups, and the groups appear here."
      isEmpty={(found) => !found}
    >
      {() => (
        <p className="card empty-state muted">You are not in a group yet. Your coach will invite you.</p>
      )}
    </QueryState>
  );
}

export default function GroupsPage() {
  const user = useUser();
  const groups = useGroups(user.id);
  return (
    <div className="page">
      <h1 className="page-title">My Groups</h1>
      <FormsWaitingCardLater />
      <QueryState query={groups} what="Your groups" empty={<NoGroup />}>
        {(list) => (
          <ul className="group-list">
            {list.map((group) => (
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
      </QueryState>
    </div>
  );
}
