// The coach writes a lesson's checklist: the whole list, in order, is saved at once (the editor autosaves it as
// the coach types, drags or deletes). An item sent with its id keeps it, and with it the members' ticks; an
// item of the lesson left out is deleted, its ticks with it; an item without an id (or with an id that is not
// one of this lesson's) is new, so a member who had completed the lesson has one more to tick; deleting the one
// item a member had left completes the lesson for them (checklist-completions.ts). Only the coach of the lesson
// reaches it; any other id is the same 404.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Actor } from '../access/scope.js';
import { found } from '../client-work/owner.js';
import { completedByRemoval, recordCompletions } from '../checklist/checklist-completions.js';
import { listItems } from '../checklist/checklist-repository.js';
import { coachIdOf } from './coach-of.js';

/** A list a member can work through on one page; an item is one line, not a lesson of its own. */
type Db = Kysely<Database> | Transaction<Database>;

/** The lesson when it is this coach's (else 404), locked for a save: two saves of one list apply in turn. */
async function ownLesson(db: Db, coach: Actor, lessonId: number, lock = false) {
  const coachId = await coachIdOf(db, coach);
  let query = db
    .selectFrom('lessons')
    .select('id')
    .where('tenant_id', '=', coach.tenantId)
    .where('coach_id', '=', coachId)
    .where('id', '=', lessonId);
  if (lock) query = query.forUpdate();
  return found(await query.executeTakeFirst(), 'Lesson');
}

export function createChecklistAuthoring(db: Kysely<Database>, now: () => Date) {
  async function items(tenantId: number, lessonId: number) {
    const rows = await listItems(db, tenantId, [lessonId]);
    return { items: rows.map((row) => ({ id: row.id, text: row.text })) };
  }

  return {
    async read(coach: Actor, lessonId: number) {
      await ownLesson(db, coach, lessonId);
      return items(coach.tenantId, lessonId);
    },

    async replace(coach: Actor, lessonId: number, list: { id?: number | null; text: string }[]) {
      await db.transaction().execute(async (trx) => {
        await ownLesson(trx, coach, lessonId, true);
        const existing = new Set((await listItems(trx, coach.tenantId, [lessonId])).map((row) => row.id));
        const kept = new Set<number>();
        const ordered = list.map((item, index) => {
          const id = item.id ?? 0;
          const keep = existing.has(id) && !kept.has(id);
          if (keep) kept.add(id);
          return { id: keep ? id : null, text: item.text.trim(), sort_order: index + 1 };
        });
        const gone = [...existing].filter((id) => !kept.has(id));
        const completed =
          gone.length > 0 && ordered.every((item) => item.id !== null)
            ? await completedByRemoval(trx, coach, lessonId, { before: [...existing], after: [...kept] })
            : [];
        if (gone.length > 0)
          await trx
            .deleteFrom('lesson_checklist_items')
            .where('tenant_id', '=', coach.tenantId)
            .where('id', 'in', gone)
            .execute();
        for (const item of ordered)
          if (item.id === null)
            await trx
              .insertInto('lesson_checklist_items')
              .values({
                tenant_id: coach.tenantId,
                lesson_id: lessonId,
                text: item.text,
                sort_order: item.sort_order,
              })
              .execute();
          else
            await trx
              .updateTable('lesson_checklist_items')
              .set({ text: item.text, sort_order: item.sort_order })
              .where('tenant_id', '=', coach.tenantId)
              .where('id', '=', item.id)
              .execute();
        await recordCompletions(trx, coach.tenantId, lessonId, completed, now());
      });
      return items(coach.tenantId, lessonId);
    },
  };
}
