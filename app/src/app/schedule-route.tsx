/**
 * /schedule, the client's home without group coaching: the schedule with the client's goals card above the
 * meetings. Composed here because a feature never imports another one.
 */
import { lazy, Suspense } from 'react';
import SchedulePage from '@/features/schedule/components/schedule-page';

// Loaded after the schedule, which is what the home is for: the goals' code is not a file its first load waits for.
const GoalsCard = lazy(() =>
  import('@/features/goals/components/goals-card').then((m) => ({ default: m.GoalsCard })),
);

export { prefetch } from '@/features/schedule/components/schedule-page';

export default function ScheduleRoute() {
  return (
    <SchedulePage
      aside={
        <Suspense fallback={null}>
          <GoalsCard />
        </Suspense>
      }
    />
  );
}
