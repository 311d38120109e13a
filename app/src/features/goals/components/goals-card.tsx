/**
 * The client's open goals on their home page (a card): each goal's progress, and a link to the Goals page where
 * they are changed. Nothing at all while loading or when it fails (the home page's own content comes first);
 * an invitation to set one when there are none.
 */
import { Link } from 'react-router-dom';
import { GoalProgress } from '@/components/goals-list';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/dates';
import { useGoals } from '../api/goals';

export function GoalsCard() {
  const goals = useGoals();
  if (!goals.data) return null;
  const open = goals.data.filter((g) => g.status === 'open');
  return (
    <section className="card goals-card" aria-labelledby="goals-card-title">
      <h2 id="goals-card-title">My goals</h2>
      {open.length === 0 ? (
        <p className="muted">No open goals.</p>
      ) : (
        <ul className="goal-list">
          {open.slice(0, 3).map((g) => (
            <li key={g.id}>
              <strong>{g.title}</strong>
              {g.target_date && <span className="muted">{` · target ${formatDate(g.target_date)}`}</span>}
              <GoalProgress goal={g} />
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.goals}>{open.length === 0 ? 'Set a goal' : 'See all your goals'}</Link>
    </section>
  );
}
