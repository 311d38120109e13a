// What a coach writes into a client's work: action steps (added, edited, moved between the board's columns)
// and private notes. An insert names the client through an AssignedClient; a change by id finds only rows of
// the coach's clients, so another coach's client's step is a 404 that changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';

const stepColumns = [
  'id',
  'client_id',
  'title',
  'description',
  'status',
  'due_date',
  'created_at',
  'updated_at',
] as const;

export interface StepFields {
  title?: string | undefined;
  description?: string | undefined;
  due_date?: string | null | undefined;
  status?: number | undefined;
  /** The recap it was made from (recaps-service.ts) or the goal it serves (goals-service.ts). */
  recap_id?: number | undefined;
  goal_id?: number | null | undefined;
}

export function insertStep(
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  step: StepFields & { title: string },
  at: Date,
) {
  return db
    .insertInto('action_steps')
    .values({
      ...ownerValues(coach, 'action_steps', client),
      title: step.title,
      description: step.description ?? '',
      due_date: step.due_date ?? null,
      status: step.status ?? 0,
      recap_id: step.recap_id ?? null,
      goal_id: step.goal_id ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning(stepColumns)
    .executeTakeFirstOrThrow();
}

export function updateStep(db: Kysely<Database>, coach: Actor, id: number, fields: StepFields, at: Date) {
  return db
    .updateTable('action_steps')
    .where(owned(coach, 'action_steps'))
    .set({ ...fields, updated_at: at })
    .where('id', '=', id)
    .returning(stepColumns)
    .executeTakeFirst();
}

export function insertPrivateNote(
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  note: { body: string; meeting_id: number | null },
  at: Date,
) {
  return db
    .insertInto('coach_notes')
    .values({
      ...ownerValues(coach, 'coach_notes', client),
      author_id: coach.userId,
      ...note,
      created_at: at,
      updated_at: at,
    })
    .returning(['id', 'body', 'meeting_id', 'author_id', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
}
