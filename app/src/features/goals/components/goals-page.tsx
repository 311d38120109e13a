/**
 * /goals: the client's goals, written by them or their coach, each with its progress, milestones to tick and
 * linked action steps; a new goal's form above them. Loading, empty and failed states are QueryState's.
 */
import { NewGoalForm, GoalsList } from '@/components/goals-list';
import { PageFrame } from '@/components/page-frame';
import { QueryState } from '@/components/query-state';
import { useGoalChanges } from '@/lib/goals';
import { GOALS_KEY, useAddOwnGoal, useGoals, useOwnSteps } from '../api/goals';

export default function GoalsPage() {
  const goals = useGoals();
  const steps = useOwnSteps();
  const changes = useGoalChanges(GOALS_KEY);
  const add = useAddOwnGoal();
  return (
    <PageFrame title="My Goals" className="goals-page">
      <p className="muted">
        What you are working towards, with your coach. Progress counts the milestones you tick and the linked
        action steps you complete.
      </p>
      <NewGoalForm add={add} />
      <section aria-labelledby="goals-title">
        <h2 id="goals-title">Your goals</h2>
        <QueryState query={goals} what="Your goals">
          {(list) => (
            <GoalsList
              goals={list}
              steps={steps.data ?? []}
              changes={changes}
              empty="No goals yet. Add your first one above."
            />
          )}
        </QueryState>
      </section>
    </PageFrame>
  );
}
