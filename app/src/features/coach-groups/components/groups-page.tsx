/** /coach/groups: the coach's groups, newest first, each a link to its page; New group above them. */
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useGroups, type GroupRow } from '../api/get-groups';
import { STATE_LABELS } from './group-fields';
import { priceOf } from './price';
import '@/components/authoring.css';
import './coach-groups.css';
import { PageFrame } from '@/components/page-frame';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function GroupCard({ group }: { group: GroupRow }) {
  return (
    <li className="card">
      <h2>
        <Link to={paths.coachGroup(group.id)}>{group.title}</Link>
      </h2>
      <p>
        <span className="badge">{STATE_LABELS[group.state].split(' (')[0]}</span>{' '}
        {[group.meets_on, priceOf(group.price, group.currency)].filter(Boolean).join(' · ')}
      </p>
      <p className="muted">
        {count(group.members, 'member', 'members')}
        {group.capacity !== null && ` of ${group.capacity} places`} ·{' '}
        {count(group.lessons, 'lesson', 'lessons')}
        {group.start_date && ` · from ${group.start_date}`}
        {group.end_date && ` to ${group.end_date}`}
      </p>
    </li>
  );
}

export default function Page() {
  const groups = useGroups();
  return (
    <PageFrame title="Groups">
      <p>
        <Link className="btn btn-primary" to={paths.coachGroupNew}>
          New group
        </Link>
      </p>
      <QueryState query={groups} what="Your groups" empty="You have no groups yet: start one with New group.">
        {(rows) => (
          <ul className="coach-groups-list" aria-label="Your groups">
            {rows.map((group) => (
              <GroupCard key={group.id} group={group} />
            ))}
          </ul>
        )}
      </QueryState>
    </PageFrame>
  );
}
