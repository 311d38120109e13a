/**
 * The one place where status codes become board stages (SPEC §4) and stages become the codes the app sends.
 *
 * Action steps: SPEC §4 has two readings, "0 = to do, 1 or 2 = in progress, otherwise completed" and
 * "0 = to do, 2 = in progress, other values = completed". We read 1 or 2 as in progress because it is the
 * superset: a record stored with 1 (by this portal, which writes 1 for "in progress", or by an older client)
 * is never misfiled as completed, and a record stored with 2 lands in progress under both readings. Only 0
 * and codes above 2 mean the same thing either way, so "completed" is written as 3, not 2.
 *
 * Commitments, and the team's tasks (which use the same codes): 0 = to do, 1 = in progress, otherwise
 * completed; the app writes 2 for completed.
 */
export type Stage = 'todo' | 'progress' | 'completed';

const LABELS: Record<Stage, string> = { todo: 'To do', progress: 'In progress', completed: 'Completed' };

/** The board's columns, in order. */
export const STAGES: { key: Stage; label: string }[] = (['todo', 'progress', 'completed'] as const).map(
  (key) => ({ key, label: LABELS[key] }),
);

export const stageLabel = (stage: Stage): string => LABELS[stage];

type ItemKind = 'action-step' | 'commitment' | 'task';

export function stageOf(kind: ItemKind, status: number): Stage {
  if (status === 0) return 'todo';
  if (status === 1 || (kind === 'action-step' && status === 2)) return 'progress';
  return 'completed';
}

const CODES: Record<ItemKind, Record<Stage, number>> = {
  'action-step': { todo: 0, progress: 1, completed: 3 },
  commitment: { todo: 0, progress: 1, completed: 2 },
  task: { todo: 0, progress: 1, completed: 2 },
};

/** The code the API stores for a card moved to `stage`. */
export const codeFor = (kind: ItemKind, stage: Stage): number => CODES[kind][stage];

/** SPEC §4's confirmations: 'Action Step is now in {stage} stage', 'Commitment is now in {stage} stage'. */
export type BoardKind = Exclude<ItemKind, 'task'>;

export function movedMessage(kind: BoardKind, stage: Stage): string {
  const what = kind === 'action-step' ? 'Action Step' : 'Commitment';
  return `${what} is now in ${stageLabel(stage)} stage`;
}

/** SPEC §8's fallback when a commitment could not be saved and the API gave no message to show. */
export const COMMITMENT_FALLBACK = 'Unable to update commitment';
