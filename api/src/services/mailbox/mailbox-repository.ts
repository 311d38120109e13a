// The mailbox's queries. Every one is scoped to the caller as a party of the message (sender or recipient, and
// not hidden by that party, see access/scope.ts), so another user's ids find nothing and change nothing.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned, ownerValues, visible } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export type Folder = 'inbox' | 'sent';

export interface ListQuery {
  folder: Folder;
  /** A thread's first message: that thread, oldest first, instead of a folder. */
  thread?: number | undefined;
  limit: number;
  offset: number;
}

function listed(db: Kysely<Database>, owner: Actor, query: ListQuery) {
  if (query.thread !== undefined) {
    const thread = query.thread;
    return db
      .selectFrom('emails')
      .where(visible(owner, 'emails'))
      .where((eb) => eb.or([eb('emails.id', '=', thread), eb('emails.parent_id', '=', thread)]));
  }
  // Clients write to their coach only, never to themselves: a folder is the messages of one party.
  const party = query.folder === 'inbox' ? 'to_user_id' : 'from_user_id';
  return db.selectFrom('emails').where(visible(owner, 'emails', party));
}

export async function listEmails(db: Kysely<Database>, owner: Actor, query: ListQuery) {
  const base = listed(db, owner, query);
  const order = query.thread === undefined ? 'desc' : 'asc';
  const rows = await base
    .innerJoin('users as f', 'f.id', 'emails.from_user_id')
    .innerJoin('users as t', 't.id', 'emails.to_user_id')
    .select([
      'emails.id',
      'emails.parent_id',
      'emails.previous_id',
      'emails.from_user_id',
      'emails.to_user_id',
      'emails.subject',
      'emails.body',
      'emails.read',
      'emails.created_at',
      'emails.updated_at',
      'f.first_name as from_first_name',
      'f.last_name as from_last_name',
      't.first_name as to_first_name',
      't.last_name as to_last_name',
      // Each message's files in the same statement (a list page is then one statement, not two).
      (eb) =>
        eb
          .selectFrom('mail_attachments as a')
          .where(visible(owner, 'mail_attachments as a'))
          .whereRef('a.email_id', '=', 'emails.id')
          .select(
            sql<
              AttachmentRow[]
            >`coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'size', a.size, 'content_type', a.content_type) order by a.id), '[]')`.as(
              'files',
            ),
          )
          .as('attachments'),
    ])
    .orderBy('emails.created_at', order)
    .orderBy('emails.id', order)
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  // A page that is not full ends the list, so the total is known without counting: most mailboxes and threads
  // fit on one page, and the badge-and-inbox traffic then costs one statement instead of two.
  if (rows.length < query.limit && (rows.length > 0 || query.offset === 0))
    return { rows, total: query.offset + rows.length };
  const count = await base
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
}

export type EmailRow = Awaited<ReturnType<typeof listEmails>>['rows'][number];

interface AttachmentRow {
  id: number;
  name: string;
  size: number;
  content_type: string;
}

/** Marks the owner's received messages read or unread; how many changed. */
export async function markRead(db: Kysely<Database>, owner: Actor, ids: number[], read: boolean, at: Date) {
  const result = await db
    .updateTable('emails')
    .where(visible(owner, 'emails', 'to_user_id'))
    .set({ read, updated_at: at })
    .where('read', '!=', read)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Hides the messages for the owner only, as sender and as recipient; how many were hidden. */
export async function hideFor(db: Kysely<Database>, owner: Actor, ids: number[], at: Date) {
  const hide = (party: 'from_user_id' | 'to_user_id', flag: 'deleted_by_sender' | 'deleted_by_recipient') =>
    db
      .updateTable('emails')
      .where(visible(owner, 'emails', party))
      .set({ [flag]: true, updated_at: at })
      .where('id', 'in', ids)
      .executeTakeFirst();
  const results = [
    await hide('from_user_id', 'deleted_by_sender'),
    await hide('to_user_id', 'deleted_by_recipient'),
  ];
  return results.reduce((sum, r) => sum + Number(r.numUpdatedRows), 0);
}

/** A message the owner may see, for a reply: its thread and its other party. */
export function findVisible(db: Kysely<Database>, owner: Actor, id: number) {
  return db
    .selectFrom('emails')
    .where(visible(owner, 'emails'))
    .select(['id', 'parent_id', 'from_user_id', 'to_user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The user id of the owner's coach in the tenant, if they have one. */
export async function coachUserOf(db: Kysely<Database>, owner: Actor) {
  const row = await db
    .selectFrom('coach_clients')
    .where(owned(owner, 'coach_clients'))
    .innerJoin('coaches', 'coaches.id', 'coach_clients.coach_id')
    .select('coaches.user_id')
    .orderBy('coach_clients.since')
    .executeTakeFirst();
  return row?.user_id;
}

export function findPeople(db: Kysely<Database>, tenantId: number, ids: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** The sender and the recipient of a notice, by id in the tenant; undefined when either is gone. */
export async function noticeParties(db: Kysely<Database>, tenantId: number, fromId: number, toId: number) {
  const people = await findPeople(db, tenantId, [fromId, toId]);
  const from = people.find((p) => p.id === fromId);
  const to = people.find((p) => p.id === toId);
  return from && to ? { from, to } : undefined;
}

interface NewEmail {
  parent_id: number | null;
  previous_id: number | null;
  to_user_id: number;
  subject: string;
  body: string;
}

export async function insertEmail(db: Kysely<Database>, owner: Actor, email: NewEmail, at: Date) {
  const row = await db
    .insertInto('emails')
    .values({
      ...ownerValues(owner, 'emails'),
      read: false,
      created_at: at,
      updated_at: at,
      ...email,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ties the owner's unsent uploads to a message; how many were theirs and unsent. */
export async function attachUploads(db: Kysely<Database>, owner: Actor, ids: number[], emailId: number) {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('mail_attachments')
    .where(owned(owner, 'mail_attachments'))
    .set({ email_id: emailId })
    .where('email_id', 'is', null)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function sizeOfUploads(db: Kysely<Database>, owner: Actor, ids: number[]) {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('mail_attachments')
    .where(owned(owner, 'mail_attachments'))
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.lit(0)).as('total'))
    .where('email_id', 'is', null)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertAttachment(
  db: Kysely<Database>,
  owner: Actor,
  file: { object_key: string; name: string; size: number; content_type: string },
  at: Date,
) {
  return db
    .insertInto('mail_attachments')
    .values({ ...ownerValues(owner, 'mail_attachments'), created_at: at, ...file })
    .returning(['id', 'name', 'size', 'content_type'])
    .executeTakeFirstOrThrow();
}

/** Deletes an upload of the owner that was not sent yet; its storage key, or undefined. */
export async function deleteUnsent(db: Kysely<Database>, owner: Actor, id: number) {
  const row = await db
    .deleteFrom('mail_attachments')
    .where(owned(owner, 'mail_attachments'))
    .where('email_id', 'is', null)
    .where('id', '=', id)
    .returning('object_key')
    .executeTakeFirst();
  return row?.object_key;
}

/**
 * An attachment the owner may download: one they uploaded and have not sent yet, or one of a message they
 * may see (sender or recipient, not hidden by them).
 */
export async function findDownloadable(db: Kysely<Database>, owner: Actor, id: number) {
  return db
    .selectFrom('mail_attachments as a')
    .where(visible(owner, 'mail_attachments as a'))
    .select(['a.object_key', 'a.name', 'a.content_type'])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** Uploads never sent and older than `before`: deleted, their storage keys returned for removal. */
export async function deleteUnsentBefore(db: Kysely<Database>, before: Date) {
  const rows = await db
    .deleteFrom('mail_attachments')
    .where('email_id', 'is', null)
    .where('created_at', '<', before)
    .returning('object_key')
    .execute();
  return rows.map((r) => r.object_key);
}
