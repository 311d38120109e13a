// A client's goals, shared by the client's Goals page and home card and the coach's page of a client: both
// roles change a goal by its id through the same calls (the API reaches only the goals the caller may), so one
// set of hooks; each page passes the query key of the list it shows, refreshed after every change.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { ACTION_STEPS_KEY } from '@/lib/query-keys';
import type { Goal, GoalChange, NewGoal } from '../../../contracts/rest/goals';

export type { Goal, NewGoal };

const post = async (url: string, body: unknown, fields: string[] = []) =>
  (await api.post<Envelope<Goal>>(url, body, { fields })).data.data;

/** The changes of one goal list: each refreshes the list (and the board, whose steps a link moves). */
export function useGoalChanges(listKey: QueryKey) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: listKey }),
      client.invalidateQueries({ queryKey: ACTION_STEPS_KEY }),
    ]);
  const useChange = <I>(call: (input: I) => Promise<Goal>) =>
    useMutation({ mutationFn: call, onSuccess: refresh });
  return {
    /** POST /api/v1/goals/{id}: its words, target date or status. */
    change: useChange((input: { id: number; fields: GoalChange }) =>
      post(`/api/v1/goals/${input.id}`, input.fields, Object.keys(input.fields)),
    ),
    /** POST /api/v1/goals/{id}/milestones. */
    addMilestone: useChange((input: { id: number; title: string }) =>
      post(`/api/v1/goals/${input.id}/milestones`, { title: input.title }, ['title']),
    ),
    /** POST /api/v1/goals/{id}/milestones/{milestoneId}: ticked or not. */
    tick: useChange((input: { id: number; milestoneId: number; done: boolean }) =>
      post(`/api/v1/goals/${input.id}/milestones/${input.milestoneId}`, { done: input.done }),
    ),
    /** POST /api/v1/goals/{id}/steps: one of the client's action steps linked to the goal, or unlinked. */
    link: useChange((input: { id: number; stepId: number; linked: boolean }) =>
      post(`/api/v1/goals/${input.id}/steps`, { step_id: input.stepId, linked: input.linked }),
    ),
  };
}

export type GoalChanges = ReturnType<typeof useGoalChanges>;

/** A new goal: the client's own (POST /api/v1/goals) or, for a coach, their client's. */
export function useAddGoal(url: string, listKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewGoal) => post(url, input, ['title', 'why', 'target_date']),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey }),
  });
}
