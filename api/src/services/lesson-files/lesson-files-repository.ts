// The files uploaded to lessons and the play tickets of their members. Every query names the tenant; which
// lesson a coach may change and which a client may open is the service's rule, checked before these run.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export type FileKind = 'file' | 'video';

const columns = ['id', 'lesson_id', 'kind', 'name', 'size', 'content_type', 'object_key'] as const;

export const filesOfLesson = (db: Kysely<Database>, tenantId: number, lessonId: number) =>
  db
    .selectFrom('lesson_files')
    .select(columns)
    .where('tenant_id', '=', tenantId)
    .where('lesson_id', '=', lessonId)
    .orderBy('id')
    .execute();

export type LessonFileRow = Awaited<ReturnType<typeof filesOfLesson>>[number];

export const shape = (row: LessonFileRow) => ({
  id: row.id,
  name: row.name,
  size: row.size,
  type: row.content_type,
});

/** A lesson's uploads as every lesson answer shows them: its files in order and its video, if any. */
export async function uploadsOf(db: Kysely<Database>, tenantId: number, lessonId: number) {
  const rows = await filesOfLesson(db, tenantId, lessonId);
  const video = rows.find((r) => r.kind === 'video');
  return { files: rows.filter((r) => r.kind === 'file').map(shape), video_file: video ? shape(video) : null };
}

export const findFile = (db: Kysely<Database>, tenantId: number, id: number) =>
  db
    .selectFrom('lesson_files')
    .select(columns)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Records a file; a video takes the place of the lesson's video before it, whose key is answered to remove. */
export function insertFile(
  db: Kysely<Database>,
  file: {
    tenant_id: number;
    lesson_id: number;
    kind: FileKind;
    name: string;
    object_key: string;
    size: number;
    content_type: string;
  },
  at: Date,
) {
  return db.transaction().execute(async (trx) => {
    const replaced =
      file.kind === 'video'
        ? await trx
            .deleteFrom('lesson_files')
            .where('tenant_id', '=', file.tenant_id)
            .where('lesson_id', '=', file.lesson_id)
            .where('kind', '=', 'video')
            .returning('object_key')
            .executeTakeFirst()
        : undefined;
    const row = await trx
      .insertInto('lesson_files')
      .values({ ...file, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, replacedKey: replaced?.object_key ?? null };
  });
}

export async function renameFile(
  db: Kysely<Database>,
  tenantId: number,
  lessonId: number,
  id: number,
  name: string,
) {
  const result = await db
    .updateTable('lesson_files')
    .set({ name })
    .where('tenant_id', '=', tenantId)
    .where('lesson_id', '=', lessonId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a lesson's file; its storage key, or undefined when it is not one of the lesson's. */
export async function deleteFile(db: Kysely<Database>, tenantId: number, lessonId: number, id: number) {
  const row = await db
    .deleteFrom('lesson_files')
    .where('tenant_id', '=', tenantId)
    .where('lesson_id', '=', lessonId)
    .where('id', '=', id)
    .returning('object_key')
    .executeTakeFirst();
  return row?.object_key;
}

/** A new ticket; the member's expired ones go at the same time, so tickets do not pile up. */
export async function insertTicket(
  db: Kysely<Database>,
  ticket: {
    token_hash: string;
    tenant_id: number;
    user_id: number;
    access_token_id: number;
    file_id: number;
    expires_at: Date;
  },
  at: Date,
) {
  await db
    .deleteFrom('lesson_file_tickets')
    .where('user_id', '=', ticket.user_id)
    .where('expires_at', '<=', at)
    .execute();
  await db.insertInto('lesson_file_tickets').values(ticket).execute();
}

/** The ticket when it is unexpired and its session still live, with the member it names. */
export const findTicket = (db: Kysely<Database>, tokenHash: string, at: Date) =>
  db
    .selectFrom('lesson_file_tickets as t')
    .innerJoin('access_tokens as a', 'a.id', 't.access_token_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.tenant_id', 't.user_id', 't.file_id', 'u.role_id'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.expires_at', '>', at)
    .where('a.revoked_at', 'is', null)
    .where('a.expires_at', '>', at)
    .executeTakeFirst();

/** The groups holding the lesson in which the client has a membership: the contexts to try it in. */
export const membershipsHolding = (db: Kysely<Database>, client: Actor, lessonId: number) =>
  db
    .selectFrom('user_groups as ug')
    .where(owned(client, 'user_groups as ug'))
    .innerJoin('member_group_lessons as m', 'm.group_id', 'ug.group_id')
    .select('ug.id')
    .where('m.lesson_id', '=', lessonId)
    .execute();

export const inAcademy = async (db: Kysely<Database>, tenantId: number, lessonId: number) =>
  (await db
    .selectFrom('academy_lessons')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst()) !== undefined;
