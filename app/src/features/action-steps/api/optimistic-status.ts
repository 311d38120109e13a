/**
 * The optimistic part of both status mutations: the card moves in the cache before the API answers, and moves
 * back if the call fails. Both lists live in one query (impcoaching/steps/), so the snapshot is the whole board.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IMPLEMENTATION_KEY } from '@/lib/query-keys';
import { stepsQueryOptions, type Board, type BoardItem } from './get-steps';

export interface StatusChange {
  id: number;
  status: number;
}

interface Snapshot {
  previous: Board | undefined;
}

type List = keyof Board;

async function applyOptimistically(client: QueryClient, list: List, change: StatusChange): Promise<Snapshot> {
  const { queryKey } = stepsQueryOptions();
  // A board fetch already on its way would overwrite the optimistic move with the old state.
  await client.cancelQueries({ queryKey });
  const previous = client.getQueryData(queryKey);
  if (previous) {
    client.setQueryData(queryKey, {
      ...previous,
      [list]: previous[list].map((item) =>
        item.id === change.id ? { ...item, status: change.status } : item,
      ),
    });
  }
  return { previous };
}

function rollBack(client: QueryClient, snapshot: Snapshot | undefined): void {
  if (snapshot?.previous) client.setQueryData(stepsQueryOptions().queryKey, snapshot.previous);
}

/**
 * After success or failure the board is re-read, so it ends as the server has it; so are implementation plans,
 * whose steps show the stage of the action step they were put on the board as.
 */
const settle = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: stepsQueryOptions().queryKey }),
    client.invalidateQueries({ queryKey: IMPLEMENTATION_KEY }),
  ]);

/** The mutation of one list's status call: optimistic, rolled back on failure, re-read either way. */
export function useStatusMutation(list: List, send: (change: StatusChange) => Promise<BoardItem>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: (change) => applyOptimistically(client, list, change),
    onError: (_error, _change, snapshot) => rollBack(client, snapshot),
    onSettled: () => settle(client),
  });
}
