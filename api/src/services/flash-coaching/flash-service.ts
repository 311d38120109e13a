// Flash-coaching lessons (SPEC §2 /lessons, §6 access rule). The flag is read fresh on every call; a lesson is
// readable only through a progress record of the caller's own assessment whose path is the lesson's slug and
// whose access is 1, else 403 with nothing read. Analytics arrive in batches from the app's batcher (POST
// flashcoaching): each change carries the client's time, and a field keeps the newest change it has seen
// (lesson-analytics/newest-wins.ts), so a batch sent twice (a retry after a failed or lost answer, a page-leave
// send racing a timer) stores nothing twice, leaves updated_at alone and never undoes a newer value. The whole batch is checked before anything is written.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { hasControl } from '../../plain-text.js';
import type { Actor } from '../access/scope.js';
import { lessonPayload } from '../groups/lesson-payload.js';
import { listResources } from '../groups/lesson-repository.js';
import { requireTraining } from '../groups/trainings.js';
import { fromMarks, newestWins, toMarks } from '../lesson-analytics/newest-wins.js';
import { MAX_FLASH_CHANGES, type FlashChange } from '../../../../contracts/rest/lessons.js';
import * as repo from './flash-repository.js';
import type { FlashKey, FlashValues } from './flash-repository.js';

const TEXT_LIMITS = { profit_impact: 200, notes: 10_000 } as const;

const locked = () => new HttpError(403, 'This lesson is not open to you yet.');

function checkValue(change: FlashChange) {
  const invalid = (message: string) => new FieldError({ data: [message] });
  if (change.field === 'taken_quiz') {
    if (typeof change.value !== 'boolean') throw invalid('taken_quiz must be true or false.');
    return;
  }
  const limit = TEXT_LIMITS[change.field];
  if (typeof change.value !== 'string') throw invalid(`${change.field} must be text.`);
  if (change.value.length > limit) throw invalid(`${change.field} must be at most ${limit} characters.`);
  // The route's schema takes multi-line text for both text fields; profit_impact is one line.
  if (change.field === 'profit_impact' && hasControl('single-line', change.value))
    throw invalid('profit_impact must be one line.');
}

const analyticsPayload = (key: FlashKey, row: Awaited<ReturnType<typeof repo.findAnalytics>>) => ({
  assessment_id: key.assessmentId,
  lesson_id: key.lessonId,
  taken_quiz: row?.taken_quiz ?? false,
  profit_impact: row?.profit_impact ?? '',
  notes: row?.notes ?? '',
  updated_at: row ? row.updated_at.toISOString() : null,
});

export function createFlashCoachingService(db: Kysely<Database>, now: () => Date) {
  const requireFlag = (owner: Actor) => requireTraining(db, owner, 'flash_coaching');

  /** The lesson, when SPEC's access rule holds for the caller; 403 otherwise. */
  async function openLesson(owner: Actor, key: FlashKey) {
    const row = await repo.findProgress(db, owner, key.assessmentId, key.lessonId);
    if (!row || row.access !== 1) throw locked();
    return row;
  }

  return {
    async list(owner: Actor) {
      await requireFlag(owner);
      const rows = await repo.listLessons(db, owner);
      return rows.map((r) => ({
        assessment_id: r.assessment_id,
        assessment_title: r.assessment_title,
        access: r.access,
        lesson: {
          id: r.id,
          title: r.title,
          slug: r.slug,
          short_desc: r.short_desc,
          lesson_img: r.lesson_img,
        },
      }));
    },

    async lesson(owner: Actor, key: FlashKey) {
      await requireFlag(owner);
      const row = await openLesson(owner, key);
      return {
        assessment_id: key.assessmentId,
        assessment_title: row.assessment_title,
        lesson: lessonPayload(row, await listResources(db, owner.tenantId, row.id)),
        analytics: analyticsPayload(key, await repo.findAnalytics(db, owner, key)),
      };
    },

    /** Applies a batch; answers each touched lesson's analytics as stored. */
    async record(owner: Actor, bodyUserId: number, changes: FlashChange[]) {
      // The user is the token's: a batch naming anyone else is refused, never applied to them or the caller.
      if (bodyUserId !== owner.userId) throw new HttpError(403, 'You can only send your own analytics.');
      await requireFlag(owner);
      if (changes.length > MAX_FLASH_CHANGES)
        throw new FieldError({ data: [`At most ${MAX_FLASH_CHANGES} changes at once.`] });
      changes.forEach(checkValue);
      const keys = new Map<string, FlashKey>();
      for (const c of changes)
        keys.set(`${c.assessment_id}:${c.lesson_id}`, {
          assessmentId: c.assessment_id,
          lessonId: c.lesson_id,
        });
      for (const key of keys.values()) await openLesson(owner, key);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const answers = [];
        for (const [id, key] of keys) {
          const row = await repo.lockAnalytics(trx, owner, key, at);
          const values: FlashValues = {
            taken_quiz: row.taken_quiz,
            profit_impact: row.profit_impact,
            notes: row.notes,
          };
          const mine = changes.filter((c) => `${c.assessment_id}:${c.lesson_id}` === id);
          // Flash changes carry no id: one of the same field and time as the stored one is that change again.
          const wins = newestWins(mine, toMarks(row.field_times), at.getTime());
          for (const change of wins.applied) {
            if (change.field === 'taken_quiz') values.taken_quiz = change.value === true;
            else values[change.field] = String(change.value);
          }
          // A replay applies nothing and leaves the row, its updated_at included, as it was.
          if (wins.applied.length === 0) {
            answers.push(analyticsPayload(key, row));
            continue;
          }
          await repo.saveAnalytics(trx, owner, row.id, values, fromMarks(wins.marks).times, at);
          answers.push(analyticsPayload(key, { ...row, ...values, updated_at: at }));
        }
        return answers;
      });
    },
  };
}
