import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { useAddGoal, type Goal } from '@/lib/goals';

export const clientGoalsKey = (clientId: number) => ['coach-client-goals', clientId] as const;

/** GET /api/v1/coach/clients/{id}/goals: the client's goals, open ones first. */
export const useClientGoals = (clientId: number) =>
  useQuery({
    queryKey: clientGoalsKey(clientId),
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<Goal[]>>(`/api/v1/coach/clients/${clientId}/goals`, { signal })).data.data,
  });

/** POST /api/v1/coach/clients/{id}/goals (201): a goal the coach sets for the client. */
export const useAddClientGoal = (clientId: number) =>
  useAddGoal(`/api/v1/coach/clients/${clientId}/goals`, clientGoalsKey(clientId));
