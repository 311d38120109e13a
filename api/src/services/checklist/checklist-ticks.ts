// A member's ticks of a lesson's checklist, applied inside the analytics batch's transaction (after its lock on
// the member's analytics row of that lesson and context, so two batches of one member and lesson run one after
// the other). Each item keeps the client time and id of the change that set it (newest-wins.ts), so a replayed
// tick changes nothing and an older one never undoes a newer one. A tick of an item that is not on the lesson
// (deleted by the coach meanwhile, or another lesson's) is ignored rather than refused: the batcher would
// otherwise send the batch, and its other changes, again for ever.
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import type { AnalyticsChange } from '../lesson-analytics/analytics-change.js';
import { newestWins } from '../lesson-analytics/newest-wins.js';
import { listItems, listTicks } from './checklist-repository.js';

const fieldOf = (itemId: number) => `item:${itemId}`;

export async function applyTicks(
  trx: Transaction<Database>,
  owner: Actor,
  place: { lessonId: number; userGroupId: number | null },
  changes: AnalyticsChange[],
  at: Date,
) {
  const { lessonId, userGroupId } = place;
  const items = await listItems(trx, owner.tenantId, [lessonId]);
  const stored = await listTicks(trx, owner, lessonId, userGroupId, true);
  const before = new Map(stored.map((t) => [t.item_id, t.ticked]));
  const marks = Object.fromEntries(
    stored.map((t) => [fieldOf(t.item_id), { at: Number(t.changed_at), id: t.change_id }]),
  );
  const known = new Set(items.map((item) => item.id));
  const wins = newestWins(
    changes
      .filter((change) => known.has(change.item_id ?? 0))
      .map((change) => ({ ...change, field: fieldOf(change.item_id ?? 0) })),
    marks,
    at.getTime(),
  );
  const after = new Map(before);
  for (const change of wins.applied) {
    const itemId = change.item_id ?? 0;
    // The mark newestWins compared: a client clock ahead of the server's counts as the server's time.
    const values = {
      ticked: change.value === true,
      changed_at: Math.min(change.at, at.getTime()),
      change_id: change.id,
      updated_at: at,
    };
    await trx
      .insertInto('lesson_checklist_ticks')
      .values({
        ...ownerValues(owner, 'lesson_checklist_ticks'),
        lesson_id: lessonId,
        user_group_id: userGroupId,
        item_id: itemId,
        ...values,
      })
      .onConflict((oc) =>
        oc.expression(sql`user_id, item_id, coalesce(user_group_id, 0)`).doUpdateSet(values),
      )
      .execute();
    after.set(itemId, values.ticked);
  }
  const allTicked = (ticks: Map<number, boolean>) => items.every((item) => ticks.get(item.id) === true);
  return { applied: wins.applied.length, doneBefore: allTicked(before), doneAfter: allTicked(after) };
}
