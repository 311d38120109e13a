import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { useAddGoal, type Goal } from '@/lib/goals';
import { ACTION_STEPS_KEY } from '@/lib/query-keys';
import type { Board } from '../../../../../contracts/rest/client-work';

export const GOALS_KEY = ['goals'] as const;

/** GET /api/v1/goals: the client's goals, open ones first (the nearest target first). */
const goalsQueryOptions = () =>
  queryOptions({
    queryKey: GOALS_KEY,
    queryFn: async ({ signal }) => (await api.get<Envelope<Goal[]>>('/api/v1/goals', { signal })).data.data,
  });

export const useGoals = () => useQuery(goalsQueryOptions());

export const useAddOwnGoal = () => useAddGoal('/api/v1/goals', GOALS_KEY);

/** The client's action steps (the board's call and cache), to link one to a goal. */
export const useOwnSteps = () =>
  useQuery({
    queryKey: [...ACTION_STEPS_KEY, 'board'],
    queryFn: async ({ signal }) =>
      (await api.post<Envelope<Board>>('/api/v1/impcoaching/steps/', {}, { signal })).data.data,
    select: (board) => board.action_steps.map((s) => ({ id: s.id, title: s.title })),
  });
