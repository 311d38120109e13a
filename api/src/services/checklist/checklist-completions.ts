// A lesson can become complete without its member doing anything: the coach deletes the one item a member had
// left unticked. lesson.completed is recorded for those members here, in the save's transaction, as the analytics
// batch records it for a member's own last tick (analytics-service.ts); an item added in the same save leaves
// everyone with one more to tick, so then nobody completes.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import { recordEvent } from '../events/record-event.js';
import { stepsTicked } from '../groups/lesson-repository.js';
import { FLAG_FIELDS } from '../lesson-analytics/analytics-change.js';

/**
 * Before the deletion: the members (in each context) whose steps are all ticked and whose kept items are all
 * ticked, but not every item of the list as it was. Their analytics rows are locked first, so a member's batch
 * running at the same time applies before or after this save, never beside it.
 */
export async function completedByRemoval(
  trx: Transaction<Database>,
  coach: Actor,
  lessonId: number,
  list: { before: number[]; after: number[] },
) {
  const rows = await trx
    .selectFrom('lesson_analytics')
    .where(visible(coach, 'lesson_analytics'))
    .select(['user_id', 'user_group_id', ...FLAG_FIELDS])
    .where('lesson_id', '=', lessonId)
    .forUpdate()
    .execute();
  const stepsDone = rows.filter((row) => stepsTicked(row, row.user_group_id));
  if (stepsDone.length === 0) return [];
  const ticks = await trx
    .selectFrom('lesson_checklist_ticks')
    .where(visible(coach, 'lesson_checklist_ticks'))
    .select(['user_id', 'user_group_id', 'item_id'])
    .where('lesson_id', '=', lessonId)
    .where('ticked', '=', true)
    .execute();
  const key = (userId: number, userGroupId: number | null) => `${userId}:${userGroupId ?? ''}`;
  const ticked = new Map<string, Set<number>>();
  for (const tick of ticks) {
    const k = key(tick.user_id, tick.user_group_id);
    ticked.set(k, (ticked.get(k) ?? new Set()).add(tick.item_id));
  }
  return stepsDone.filter((row) => {
    const mine = ticked.get(key(row.user_id, row.user_group_id)) ?? new Set();
    return list.after.every((id) => mine.has(id)) && !list.before.every((id) => mine.has(id));
  });
}

export async function recordCompletions(
  trx: Transaction<Database>,
  tenantId: number,
  lessonId: number,
  members: { user_id: number; user_group_id: number | null }[],
  at: Date,
) {
  for (const member of members)
    await recordEvent(trx, tenantId, 'lesson.completed', {
      user_id: member.user_id,
      lesson_id: lessonId,
      user_group_id: member.user_group_id,
      completed_at: at.toISOString(),
    });
}
