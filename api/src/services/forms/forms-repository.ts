// The queries of forms. A form is a coach's own (owner_id) or the tenant's (null, an admin's): a coach reads
// both and changes their own, an admin reads and changes the tenant's. A send is its client's (access/scope.ts:
// the client, their coach, their tenant's admin), so another coach's client's send finds nothing (404).
import type { Kysely, SqlBool, Expression } from 'kysely';
import { sql } from 'kysely';
import type { Answers, Layout } from '../../../../contracts/forms.js';
import type { Database } from '../../db/database.js';
import { owned, ownerValues, visible } from '../access/scope.js';
import type { Actor, AssignedClient } from '../access/scope.js';

type Db = Kysely<Database>;

/** The forms the actor may send (read): a coach's own and the tenant's; an admin's are the tenant's. */
const readable = (actor: Actor): Expression<SqlBool> =>
  actor.role === 'coach'
    ? sql<SqlBool>`f.tenant_id = ${actor.tenantId} and (f.owner_id is null or f.owner_id = ${actor.userId})`
    : sql<SqlBool>`f.tenant_id = ${actor.tenantId} and f.owner_id is null`;

/** The forms the actor may change: a coach's own; an admin's, the tenant's. */
const changeable = (actor: Actor): Expression<SqlBool> =>
  actor.role === 'coach'
    ? sql<SqlBool>`f.tenant_id = ${actor.tenantId} and f.owner_id = ${actor.userId}`
    : sql<SqlBool>`f.tenant_id = ${actor.tenantId} and f.owner_id is null`;

const formColumns = [
  'f.id',
  'f.title',
  'f.owner_id',
  'f.intake',
  'f.archived_at',
  'f.updated_at',
  'v.id as version_id',
  'v.version',
  'v.layout',
] as const;

/** Each form with its newest version. */
const withNewest = (db: Db) =>
  db
    .selectFrom('forms as f')
    .innerJoin('form_versions as v', 'v.form_id', 'f.id')
    .where(sql<SqlBool>`v.version = (select max(n.version) from form_versions n where n.form_id = f.id)`);

export const listForms = (db: Db, actor: Actor) =>
  withNewest(db).where(readable(actor)).select(formColumns).orderBy('f.title').orderBy('f.id').execute();

export const findForm = (db: Db, actor: Actor, id: number, change = false) =>
  withNewest(db)
    .where(change ? changeable(actor) : readable(actor))
    .where('f.id', '=', id)
    .select(formColumns)
    .executeTakeFirst();

export type FormRow = NonNullable<Awaited<ReturnType<typeof findForm>>>;

export async function insertForm(db: Db, actor: Actor, title: string, at: Date) {
  return db
    .insertInto('forms')
    .values({
      tenant_id: actor.tenantId,
      owner_id: actor.role === 'coach' ? actor.userId : null,
      title,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertVersion(
  db: Db,
  actor: Actor,
  formId: number,
  version: number,
  content: { layout: Layout; schema: Record<string, unknown> },
  at: Date,
) {
  await db
    .insertInto('form_versions')
    .values({
      tenant_id: actor.tenantId,
      form_id: formId,
      version,
      layout: JSON.stringify(content.layout),
      answers_schema: JSON.stringify(content.schema),
      created_at: at,
    })
    .execute();
}

export async function changeForm(
  db: Db,
  actor: Actor,
  id: number,
  set: { title?: string; archived_at?: Date | null },
  at: Date,
) {
  await db
    .updateTable('forms as f')
    .set({ ...set, updated_at: at })
    .where(changeable(actor))
    .where('f.id', '=', id)
    .execute();
}

const sendColumns = [
  's.id',
  's.form_id',
  'f.title',
  'v.version',
  'v.layout',
  'v.answers_schema',
  's.version_id',
  's.status',
  's.answers',
  's.due_on',
  's.meeting_id',
  's.sent_at',
  's.saved_at',
  's.submitted_at',
] as const;

const sends = (db: Db, actor: Actor) =>
  db
    .selectFrom('form_sends as s')
    .where(visible(actor, 'form_sends as s'))
    .innerJoin('forms as f', 'f.id', 's.form_id')
    .innerJoin('form_versions as v', 'v.id', 's.version_id')
    .select(sendColumns);

export type SendRow = Awaited<ReturnType<typeof findSend>> & object;

export const findSend = (db: Db, actor: Actor, id: number) =>
  sends(db, actor).where('s.id', '=', id).executeTakeFirst();

/** The client's sends (the caller's own, or one client's for their coach), newest first. */
export const listSends = (db: Db, actor: Actor, clientId: number) =>
  sends(db, actor)
    .where('s.client_id', '=', clientId)
    .orderBy('s.sent_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();

export async function insertSend(
  db: Db,
  actor: Actor,
  client: AssignedClient | undefined,
  send: {
    form_id: number;
    version_id: number;
    due_on: string | null;
    meeting_id: number | null;
    sent_by: number | null;
    group_id?: number;
  },
  at: Date,
) {
  return db
    .insertInto('form_sends')
    .values({ ...ownerValues(actor, 'form_sends', client), ...send, sent_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Saves a draft's answers; nothing once it is submitted (the caller tells by the count). */
export async function saveDraft(db: Db, actor: Actor, id: number, answers: Answers, at: Date) {
  const result = await db
    .updateTable('form_sends as s')
    .where(owned(actor, 'form_sends as s'))
    .set({ answers: JSON.stringify(answers), saved_at: at })
    .where('s.id', '=', id)
    .where('s.status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Submits a draft, once: a send already submitted is not touched (the caller tells by the count). */
export async function submitSend(db: Db, actor: Actor, id: number, answers: Answers, at: Date) {
  const result = await db
    .updateTable('form_sends as s')
    .where(owned(actor, 'form_sends as s'))
    .set({ answers: JSON.stringify(answers), saved_at: at, status: 'submitted', submitted_at: at })
    .where('s.id', '=', id)
    .where('s.status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One of the coach's own groups (by their coaches row), if it is theirs. */
export const coachGroup = (db: Db, coach: Actor, coachId: number, groupId: number) =>
  db
    .selectFrom('groups as g')
    .where('g.tenant_id', '=', coach.tenantId)
    .where('g.coach_id', '=', coachId)
    .where('g.id', '=', groupId)
    .select('g.id')
    .executeTakeFirst();

/**
 * A group's members as its coach sees them on the group page (services/authoring/group-members.ts: assigned to
 * the coach, membership not cancelled), each with whether they hold an unsubmitted send of the form.
 */
export const membersForSend = (db: Db, coach: Actor, groupId: number, formId: number) =>
  db
    .selectFrom('user_groups as ug')
    .where(owned(coach, 'user_groups as ug'))
    .where('ug.group_id', '=', groupId)
    .where('ug.status', '!=', 'cancelled')
    .select('ug.user_id')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('form_sends as s')
            .where(visible(coach, 'form_sends as s'))
            .whereRef('s.client_id', '=', 'ug.user_id')
            .where('s.form_id', '=', formId)
            .where('s.status', '=', 'draft')
            .select('s.id'),
        )
        .as('waiting'),
    )
    .orderBy('ug.user_id')
    .execute();

/** A meeting of the client's, for a send that prepares it. */
export const clientMeeting = (db: Db, actor: Actor, clientId: number, meetingId: number) =>
  db
    .selectFrom('meetings as m')
    .where(visible(actor, 'meetings as m'))
    .where('m.client_id', '=', clientId)
    .where('m.id', '=', meetingId)
    .select('m.id')
    .executeTakeFirst();

/** The tenant's intake form (not archived) with its newest version, if it has one. */
export const findIntake = (db: Db, tenantId: number) =>
  withNewest(db)
    .where('f.tenant_id', '=', tenantId)
    .where('f.intake', '=', true)
    .where('f.archived_at', 'is', null)
    .select(['f.id as form_id', 'v.id as version_id'])
    .executeTakeFirst();

/** Whether the client was ever sent this form. */
export const wasSent = async (db: Db, client: Actor, formId: number) =>
  (await db
    .selectFrom('form_sends as s')
    .where(owned(client, 'form_sends as s'))
    .where('s.form_id', '=', formId)
    .select('s.id')
    .executeTakeFirst()) !== undefined;

/** The client's own time zone, if they set one. */
export const clientZone = async (db: Db, client: Actor) =>
  (
    await db
      .selectFrom('users')
      .where('tenant_id', '=', client.tenantId)
      .where('id', '=', client.userId)
      .select('time_zone')
      .executeTakeFirst()
  )?.time_zone ?? null;

/** A cancelled meeting's sends the client has not submitted go with it; submitted ones are kept. */
export async function dropPrepDrafts(db: Db, client: Actor, meetingId: number) {
  await db
    .deleteFrom('form_sends as s')
    .where(owned(client, 'form_sends as s'))
    .where('s.meeting_id', '=', meetingId)
    .where('s.status', '=', 'draft')
    .execute();
}
