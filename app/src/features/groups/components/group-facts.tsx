import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LessonProgress } from '@/components/lesson-progress';
import { formatDate } from '@/lib/dates';
import { usePortal } from '@/lib/portal-context';
import type { Group } from '../api/get-groups';

const STATUS: Record<string, string> = {
  upcoming: 'Starting soon',
  active: 'Running',
  completed: 'Finished',
};

function price(group: Group): string {
  return new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: group.currency.toUpperCase(),
  }).format(group.price / 100);
}

/** A group's schedule, dates, coach and status, and, for a paid group, whether the place is paid for. */
export function GroupFacts({ group }: { group: Group }) {
  // Without the tenant's payment key the page behind the link says how to join instead of taking a payment.
  const payable = usePortal().config.integrations.stripePublishableKey !== null;
  return (
    <dl className="group-facts">
      {group.meets_on && (
        <div>
          <dt>Meets</dt>
          <dd>{group.meets_on}</dd>
        </div>
      )}
      {group.group_start_date && group.group_end_date && (
        <div>
          <dt>Dates</dt>
          <dd>
            {formatDate(group.group_start_date)} to {formatDate(group.group_end_date)}
          </dd>
        </div>
      )}
      {group.coach_name && (
        <div>
          <dt>Coach</dt>
          <dd>{group.coach_name}</dd>
        </div>
      )}
      <div>
        <dt>Status</dt>
        <dd>{STATUS[group.status] ?? group.status}</dd>
      </div>
      {group.group_type === 'paid' && (
        <div>
          <dt>Price</dt>
          <dd>
            {price(group)} · {group.paid ? 'Paid' : 'Not paid yet'}
            {!group.paid && (
              <Link className="btn btn-primary group-pay" to={paths.groupPurchase(group.id)}>
                {payable ? 'Pay and join' : 'How to join'}
              </Link>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The member's progress through the group's lessons. */
export function GroupProgress({ group }: { group: Group }) {
  return (
    <>
      <LessonProgress
        stepsDone={group.progress.steps_done}
        totalSteps={group.progress.total_steps}
        label={`Your progress in ${group.title}`}
      />
      <p className="muted">
        {group.progress.completed_lessons} of {group.total_lessons} lessons completed
      </p>
    </>
  );
}
