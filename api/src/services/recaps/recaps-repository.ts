// Recaps, their comments and the steps made from them. Every query starts from the actor's scope
// (access/scope.ts); a client's scope is narrowed further to shared recaps, so a draft is as unknown to its
// client as another client's recap: the same 404.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';

/** The client reads only the recaps shared with them: a draft is the coach's alone. */
const draftsHidden = (actor: Actor) => actor.role === 'client';

export function listRecaps(
  db: Kysely<Database>,
  actor: Actor,
  filter: { id?: number; clientId?: number; meetingId?: number },
) {
  let query = db
    .selectFrom('recaps')
    .where(owned(actor, 'recaps'))
    .$if(draftsHidden(actor), (q) => q.where('recaps.shared_at', 'is not', null))
    .innerJoin('meetings', (join) =>
      join.onRef('meetings.id', '=', 'recaps.meeting_id').on(owned(actor, 'meetings')),
    )
    .innerJoin('users as author', 'author.id', 'recaps.author_id')
    .select([
      'recaps.id',
      'recaps.client_id',
      'recaps.meeting_id',
      'recaps.author_id',
      'recaps.body',
      'recaps.shared_at',
      'recaps.created_at',
      'recaps.updated_at',
      'meetings.title as meeting_title',
      'meetings.starts_at as meeting_starts_at',
      'author.first_name as author_first_name',
      'author.last_name as author_last_name',
    ])
    .orderBy('meetings.starts_at', 'desc')
    .orderBy('recaps.id', 'desc');
  if (filter.id !== undefined) query = query.where('recaps.id', '=', filter.id);
  if (filter.clientId !== undefined) query = query.where('recaps.client_id', '=', filter.clientId);
  if (filter.meetingId !== undefined) query = query.where('recaps.meeting_id', '=', filter.meetingId);
  return query.execute();
}

export type RecapRow = Awaited<ReturnType<typeof listRecaps>>[number];

/** The comments under these recaps, oldest first (the caller has already read the recaps themselves). */
export function commentsOf(db: Kysely<Database>, actor: Actor, recapIds: number[]) {
  if (recapIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('recap_comments')
    .where(owned(actor, 'recap_comments'))
    .innerJoin('users as author', 'author.id', 'recap_comments.author_id')
    .where('recap_comments.recap_id', 'in', recapIds)
    .select([
      'recap_comments.id',
      'recap_comments.recap_id',
      'recap_comments.author_id',
      'recap_comments.body',
      'recap_comments.created_at',
      'author.first_name',
      'author.last_name',
    ])
    .orderBy('recap_comments.id')
    .execute();
}

/** The action steps made from these recaps. */
export function stepsOf(db: Kysely<Database>, actor: Actor, recapIds: number[]) {
  if (recapIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('action_steps')
    .where(owned(actor, 'action_steps'))
    .where('action_steps.recap_id', 'in', recapIds)
    .select(['id', 'recap_id', 'title', 'status', 'due_date'])
    .orderBy('id')
    .execute();
}

/** A meeting of the coach's clients that has begun: the only kind a recap may be written for. */
export function startedMeeting(db: Kysely<Database>, coach: Actor, meetingId: number, at: Date) {
  return db
    .selectFrom('meetings')
    .where(owned(coach, 'meetings'))
    .where('id', '=', meetingId)
    .where('starts_at', '<=', at)
    .select(['id', 'client_id', 'title', 'starts_at'])
    .executeTakeFirst();
}

/** Writes the meeting's one recap: a new draft, or the new text of the one there is. */
export function saveRecap(
  db: Kysely<Database>,
  coach: Actor,
  client: AssignedClient,
  meetingId: number,
  body: string,
  at: Date,
) {
  return db
    .insertInto('recaps')
    .values({
      ...ownerValues(coach, 'recaps', client),
      meeting_id: meetingId,
      author_id: coach.userId,
      body,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .column('meeting_id')
        .doUpdateSet({ body, updated_at: at })
        // The meeting is the coach's client's (checked before), so the conflicting row is theirs too.
        .where('recaps.tenant_id', '=', coach.tenantId),
    )
    .returning('id')
    .executeTakeFirst();
}

/** Marks a draft shared; undefined when it is not the coach's to share or was shared already. */
export function shareRecap(db: Kysely<Database>, coach: Actor, id: number, at: Date) {
  return db
    .updateTable('recaps')
    .where(owned(coach, 'recaps'))
    .where('id', '=', id)
    .where('shared_at', 'is', null)
    .set({ shared_at: at, updated_at: at })
    .returning(['id', 'client_id', 'meeting_id'])
    .executeTakeFirst();
}

/** The recap as the actor may read it (a client: shared only), for a comment or a step made from it. */
export function findRecap(db: Kysely<Database>, actor: Actor, id: number) {
  return db
    .selectFrom('recaps')
    .where(owned(actor, 'recaps'))
    .$if(draftsHidden(actor), (q) => q.where('recaps.shared_at', 'is not', null))
    .where('recaps.id', '=', id)
    .select(['recaps.id', 'recaps.client_id', 'recaps.meeting_id', 'recaps.author_id', 'recaps.shared_at'])
    .executeTakeFirst();
}

export function insertComment(
  db: Kysely<Database>,
  actor: Actor,
  recap: { id: number; client_id: number },
  client: AssignedClient | undefined,
  body: string,
  at: Date,
) {
  return db
    .insertInto('recap_comments')
    .values({
      ...ownerValues(actor, 'recap_comments', client),
      recap_id: recap.id,
      author_id: actor.userId,
      body,
      created_at: at,
    })
    .returning(['id', 'recap_id', 'author_id', 'body', 'created_at'])
    .executeTakeFirstOrThrow();
}
