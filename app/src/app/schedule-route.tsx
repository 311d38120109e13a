/**
 * /schedule, the client's home without group coaching: the schedule with the client's goals card above the
 * meetings. Composed here because a feature never imports another one.
 */
import SchedulePage from '@/features/schedule/components/schedule-page';
import { GoalsCard } from '@/features/goals/components/goals-card';

export { prefetch } from '@/features/schedule/components/schedule-page';

export default function ScheduleRoute() {
  return <SchedulePage aside={<GoalsCard />} />;
}
