/**
 * The client's goals on the coach's page of them: the same cards the client sees (progress, milestones, linked
 * steps, status), which the coach changes too, and a new goal set by the coach for the client.
 */
import { GoalsList, NewGoalForm } from '@/components/goals-list';
import { QueryState } from '@/components/query-state';
import { useGoalChanges } from '@/lib/goals';
import { clientGoalsKey, useAddClientGoal, useClientGoals } from '../api/goals';
import type { ClientPageData } from '../api/get-client';

export function ClientGoals({
  clientId,
  steps,
}: {
  clientId: number;
  steps: ClientPageData['action_steps'];
}) {
  const goals = useClientGoals(clientId);
  const changes = useGoalChanges(clientGoalsKey(clientId));
  const add = useAddClientGoal(clientId);
  return (
    <section id="goals" className="card client-section" aria-labelledby="goals-title">
      <h2 id="goals-title">Goals</h2>
      <QueryState query={goals} what="The client's goals">
        {(list) => (
          <GoalsList
            goals={list}
            steps={steps.map((s) => ({ id: s.id, title: s.title }))}
            changes={changes}
            empty="No goals yet: set one with your client below."
          />
        )}
      </QueryState>
      <NewGoalForm add={add} />
    </section>
  );
}
