// Lesson analytics (SPEC §4 "Analytics"): read with analyticsSearch, written in batches by manageAnalytics and
// POST training-analytics. A batch is idempotent: each field keeps the client time and id of the change that
// set it (field_times, field_ids), and a change not newer than that is ignored (newest-wins.ts), so a batch sent
// twice (a retry after a lost answer, a page-leave send racing a timer send) changes nothing the second time,
// counts its changes as ignored, leaves updated_at alone and never undoes a newer value. The lesson must be
// open to the caller in that context (a group lesson through the caller's membership, an academy lesson with
// the flag), else the whole batch is refused and nothing changes. Ticks of the coach's checklist items ride in
// the same batch (field 'checklist') and are applied per item by the same rule (checklist/checklist-ticks.ts).
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AcademyService } from '../academy/academy-service.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor } from '../access/scope.js';
import type { GroupsService } from '../groups/groups-service.js';
import { stepsTicked } from '../groups/lesson-repository.js';
import { recordCompletions } from '../checklist/checklist-completions.js';
import { applyTicks } from '../checklist/checklist-ticks.js';
import { checkChanges } from './analytics-change.js';
import type { AnalyticsChange } from './analytics-change.js';
import { fromMarks, newestWins, toMarks } from './newest-wins.js';

type Row = Awaited<ReturnType<typeof selectRow>>;

const columns = [
  'lesson_id',
  'user_group_id',
  'profit_impact',
  'pre_meeting',
  'attend_meeting',
  'meeting_worksheet',
  'taken_quiz',
  'post_meeting',
  'notes',
  'field_times',
  'field_ids',
  'updated_at',
] as const;

async function selectRow(
  db: Kysely<Database> | Transaction<Database>,
  owner: Actor,
  lessonId: number,
  userGroupId: number | null,
  lock = false,
) {
  let query = db
    .selectFrom('lesson_analytics')
    .where(owned(owner, 'lesson_analytics'))
    .select(columns)
    .where('lesson_id', '=', lessonId)
    .where('user_group_id', userGroupId === null ? 'is' : '=', userGroupId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

const payload = (lessonId: number, userGroupId: number | null, row: Row) => ({
  lesson_id: lessonId,
  user_group_id: userGroupId,
  profit_impact: row?.profit_impact ?? '',
  pre_meeting: row?.pre_meeting ?? false,
  attend_meeting: row?.attend_meeting ?? false,
  meeting_worksheet: row?.meeting_worksheet ?? false,
  taken_quiz: row?.taken_quiz ?? false,
  post_meeting: row?.post_meeting ?? false,
  notes: row?.notes ?? '',
  updated_at: row ? row.updated_at.toISOString() : null,
});

export function createAnalyticsService(deps: {
  db: Kysely<Database>;
  now: () => Date;
  groups: GroupsService;
  academy: AcademyService;
}) {
  const { db, now } = deps;
  /** Throws 403/404 unless the lesson is open to the caller in that context. */
  const assertOpen = (owner: Actor, lessonId: number, userGroupId: number | null) =>
    userGroupId === null
      ? deps.academy.assertLessonOpen(owner, lessonId)
      : deps.groups.assertLessonOpen(owner, userGroupId, lessonId);

  return {
    async search(owner: Actor, lessonId: number, userGroupId: number | null) {
      await assertOpen(owner, lessonId, userGroupId);
      return payload(lessonId, userGroupId, await selectRow(db, owner, lessonId, userGroupId));
    },

    async apply(owner: Actor, input: AnalyticsChange[]) {
      const changes = checkChanges(input);
      const contexts = new Map<
        string,
        { lessonId: number; userGroupId: number | null; changes: AnalyticsChange[] }
      >();
      for (const change of changes) {
        const key = `${change.lesson_id}:${change.user_group_id ?? ''}`;
        const context = contexts.get(key) ?? {
          lessonId: change.lesson_id,
          userGroupId: change.user_group_id,
          changes: [],
        };
        context.changes.push(change);
        contexts.set(key, context);
      }
      for (const { lessonId, userGroupId } of contexts.values())
        await assertOpen(owner, lessonId, userGroupId);

      const at = now();
      let applied = 0;
      const analytics = await db.transaction().execute(async (trx) => {
        const results = [];
        for (const { lessonId, userGroupId, changes: batch } of contexts.values()) {
          // The member's row of the lesson in that context, made when missing and locked either way (a no-op
          // update on conflict locks the existing row and returns it): one statement, not an insert and a read.
          const row = await trx
            .insertInto('lesson_analytics')
            .values({
              ...ownerValues(owner, 'lesson_analytics'),
              lesson_id: lessonId,
              user_group_id: userGroupId,
              updated_at: at,
            })
            .onConflict((oc) =>
              oc
                .expression(sql`user_id, lesson_id, coalesce(user_group_id, 0)`)
                .doUpdateSet({ updated_at: sql`lesson_analytics.updated_at` }),
            )
            .returning(columns)
            .executeTakeFirstOrThrow();
          const stored = toMarks(row.field_times ?? {}, row.field_ids);
          const wins = newestWins(
            batch.filter((change) => change.field !== 'checklist'),
            stored,
            at.getTime(),
          );
          // In newestWins' order, oldest first: of two changes of one field in a batch the newer is kept.
          const values = Object.fromEntries(wins.applied.map((change) => [change.field, change.value]));
          const tickChanges = batch.filter((change) => change.field === 'checklist');
          // The checklist is read only when it can matter: a tick to apply, or the lesson's steps all ticked
          // before or after this batch (completion needs every item too).
          const ticks =
            tickChanges.length > 0 ||
            stepsTicked(row, userGroupId) ||
            stepsTicked({ ...row, ...values }, userGroupId)
              ? await applyTicks(trx, owner, { lessonId, userGroupId }, tickChanges, at)
              : { applied: 0, doneBefore: false, doneAfter: false };
          applied += ticks.applied;
          applied += wins.applied.length;
          const marks = fromMarks(wins.marks);
          // The row as it now is: what the update returns, or the locked read when nothing changed. A tick alone
          // moves updated_at too, so a system polling lesson progress by its last change hears of it.
          const current =
            wins.applied.length === 0 && ticks.applied === 0
              ? row
              : await trx
                  .updateTable('lesson_analytics')
                  .where(owned(owner, 'lesson_analytics'))
                  .set({
                    ...values,
                    field_times: JSON.stringify(marks.times),
                    field_ids: JSON.stringify(marks.ids),
                    updated_at: at,
                  })
                  .where('lesson_id', '=', lessonId)
                  .where('user_group_id', userGroupId === null ? 'is' : '=', userGroupId)
                  .returning(columns)
                  .executeTakeFirst();
          // Completed: every step of the lesson in its context ticked (lesson-repository.ts) and every item of
          // its checklist. The batch that ticks the last one records the event; unticking one and ticking it
          // again later reports the lesson completed again.
          const before = stepsTicked(row, userGroupId) && ticks.doneBefore;
          if (!before && stepsTicked(current, userGroupId) && ticks.doneAfter)
            await recordCompletions(
              trx,
              owner.tenantId,
              lessonId,
              [{ user_id: owner.userId, user_group_id: userGroupId }],
              at,
            );
          results.push(payload(lessonId, userGroupId, current));
        }
        return results;
      });
      return { applied, ignored: changes.length - applied, analytics };
    },
  };
}
