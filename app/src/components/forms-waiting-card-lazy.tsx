/**
 * The home's "form waiting" card, loaded after the page: it is secondary to the schedule or the groups, and its
 * code (the forms list's call and its helpers) would otherwise be more files the home's first load waits for
 * (cli/test/bake/build-command.test.ts counts them). A failure or nothing waiting shows nothing, as before.
 */
import { lazy, Suspense } from 'react';

const Card = lazy(() => import('./forms-waiting-card').then((m) => ({ default: m.FormsWaitingCard })));

export function FormsWaitingCardLater() {
  return (
    <Suspense fallback={null}>
      <Card />
    </Suspense>
  );
}
