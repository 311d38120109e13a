// Files a coach uploads to their own lesson (resources, and one video) and how a client gets them. The coach's
// door reaches only lessons whose coach is theirs (the lesson editor's rule); a file goes through the mail
// attachments' type sniffing into the same private storage, under a server-made key. A client gets a file only
// when the lesson's own rule opens the lesson to them now: published, in a group they are a member of and open
// to them (free preview, paid or open, as the group lesson page says), or in the academy with its flag. Every
// other case (a draft, a removed member, another tenant's id) is the same 404. A video plays through a ticket:
// a random token for one member's session and one file, valid an hour, checked again on every range request.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import type { AcademyService } from '../academy/academy-service.js';
import { roleOf } from '../access/roles.js';
import { coachIdOf } from '../authoring/coach-of.js';
import { newToken, sha256 } from '../auth/secrets.js';
import type { Caller } from '../auth/session-service.js';
import type { GroupsService } from '../groups/groups-service.js';
import { ACCEPTS, fileTypeOnDisk } from '../mailbox/attachment-type.js';
import type { ByteRange } from '../storage/storage-port.js';
import type { Storage } from '../storage/storage.js';
import { randomKey } from '../storage/storage.js';
import * as repo from './lesson-files-repository.js';
import { shape } from './lesson-files-repository.js';
import type { FileKind, LessonFileRow } from './lesson-files-repository.js';

/** A lesson's video (and nothing else uploaded) may be this large: a long talk at a good bitrate. */
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const VIDEO_TOO_LARGE = 'A video must be at most 500 MB.';
const TICKET_MS = 60 * 60_000;

interface Deps {
  db: Kysely<Database>;
  now: () => Date;
  storage: Storage;
  groups: GroupsService;
  academy: AcademyService;
  log: { error(obj: object, msg: string): void };
}

/** An upload as it arrived: streamed to a file on disk, with the name the browser gave it. */
interface Upload {
  name: string;
  path: string;
  size: number;
}

const fileNotFound = () => new HttpError(404, 'File not found.');

/** A new name keeps the file's extension: "Plan" for "plan.pdf" becomes "Plan.pdf". */
function renamed(old: string, name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new FieldError({ name: ['Write a name.'] });
  if (/[/\\]/.test(trimmed)) throw new FieldError({ name: ['A name cannot contain / or \\.'] });
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(old)?.[0];
  if (!extension || trimmed.toLowerCase().endsWith(extension.toLowerCase())) return trimmed;
  return `${trimmed}${extension}`;
}

export function createLessonFilesService({ db, now, storage, groups, academy, log }: Deps) {
  /** The coach's own lesson (the lesson editor's rule), or the same 404 as an unknown id. */
  async function ownLesson(coach: Actor, lessonId: number) {
    const row = await db
      .selectFrom('lessons')
      .select('id')
      .where('tenant_id', '=', coach.tenantId)
      .where('coach_id', '=', await coachIdOf(db, coach))
      .where('id', '=', lessonId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'Lesson not found.');
  }

  async function removeStored(key: string | null | undefined) {
    if (!key) return;
    await storage.remove(key).catch((error: unknown) => {
      log.error({ err: error, key }, 'lesson file not removed from storage');
    });
  }

  /** Whether the lesson is open to the client now, in any group of theirs that holds it or in the academy. */
  async function opens(client: Actor, lessonId: number) {
    const tries = (await repo.membershipsHolding(db, client, lessonId)).map(
      (m) => () => groups.assertLessonOpen(client, m.id, lessonId),
    );
    if (await repo.inAcademy(db, client.tenantId, lessonId))
      tries.push(() => academy.assertLessonOpen(client, lessonId));
    for (const attempt of tries) {
      const open = await attempt().then(
        () => true,
        (error: unknown) => {
          if (error instanceof HttpError) return false;
          throw error;
        },
      );
      if (open) return true;
    }
    return false;
  }

  /** A stored file as the routes answer it: its name, type and size, and a stream of any range of it. */
  const served = (row: LessonFileRow) => ({
    name: row.name,
    type: row.content_type,
    size: row.size,
    open: (range: ByteRange) => storage.stream(row.object_key, range),
  });

  /** A file of a lesson open to the client, or a 404 that says nothing more. */
  async function clientFile(client: Actor, fileId: number) {
    const row = await repo.findFile(db, client.tenantId, fileId);
    if (!row || !(await opens(client, row.lesson_id))) throw fileNotFound();
    return row;
  }

  return {
    async upload(coach: Actor, lessonId: number, kind: FileKind, upload: Upload) {
      await ownLesson(coach, lessonId);
      const field = kind === 'video' ? 'video' : 'file';
      const type = await fileTypeOnDisk(
        upload,
        kind === 'video' ? ACCEPTS.video : ACCEPTS['lesson file'],
        field,
      );
      const key = randomKey('lesson-files');
      await storage.putFile(key, upload.path, upload.size, type);
      try {
        const { id, replacedKey } = await repo.insertFile(
          db,
          {
            tenant_id: coach.tenantId,
            lesson_id: lessonId,
            kind,
            name: upload.name,
            object_key: key,
            size: upload.size,
            content_type: type,
          },
          now(),
        );
        await removeStored(replacedKey);
        return { id, kind, name: upload.name, size: upload.size, type };
      } catch (error) {
        await removeStored(key);
        throw error;
      }
    },

    async rename(coach: Actor, lessonId: number, fileId: number, name: string) {
      await ownLesson(coach, lessonId);
      const row = await repo.findFile(db, coach.tenantId, fileId);
      if (!row || row.lesson_id !== lessonId) throw fileNotFound();
      const next = renamed(row.name, name);
      await repo.renameFile(db, coach.tenantId, lessonId, fileId, next);
      return { ...shape({ ...row, name: next }), kind: row.kind };
    },

    async remove(coach: Actor, lessonId: number, fileId: number) {
      await ownLesson(coach, lessonId);
      const key = await repo.deleteFile(db, coach.tenantId, lessonId, fileId);
      if (key === undefined) throw fileNotFound();
      await removeStored(key);
      return { id: fileId };
    },

    /** Runs `remove` (which deletes the coach's lesson and, by cascade, its files' rows), then the stored files. */
    async removingLesson(coach: Actor, lessonId: number, remove: () => Promise<void>) {
      await ownLesson(coach, lessonId);
      const rows = await repo.filesOfLesson(db, coach.tenantId, lessonId);
      await remove();
      for (const row of rows) await removeStored(row.object_key);
    },

    /** The coach's own copy of a file of their lesson (to check what they uploaded). */
    async coachFile(coach: Actor, lessonId: number, fileId: number) {
      await ownLesson(coach, lessonId);
      const row = await repo.findFile(db, coach.tenantId, fileId);
      if (!row || row.lesson_id !== lessonId) throw fileNotFound();
      return served(row);
    },

    async download(client: Actor, fileId: number) {
      return served(await clientFile(client, fileId));
    },

    /** A play ticket for a file of a lesson open to the client, tied to the session that asked for it. */
    async ticket(client: Caller, fileId: number) {
      const row = await clientFile(client, fileId);
      const token = newToken();
      const at = now();
      const expires = new Date(at.getTime() + TICKET_MS);
      await repo.insertTicket(
        db,
        {
          token_hash: sha256(token),
          tenant_id: client.tenantId,
          user_id: client.userId,
          access_token_id: client.tokenId,
          file_id: row.id,
          expires_at: expires,
        },
        at,
      );
      return { token, expires_at: expires.toISOString() };
    },

    /** The file a live ticket names, when its lesson is still open to the member; else a 404. */
    async played(token: string) {
      const ticket = await repo.findTicket(db, sha256(token), now());
      if (!ticket || roleOf(ticket.role_id) !== 'client') throw fileNotFound();
      const client = { tenantId: ticket.tenant_id, userId: ticket.user_id, role: 'client' as const };
      return served(await clientFile(client, ticket.file_id));
    },
  };
}
