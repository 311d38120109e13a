// The mailbox between a client and their coach (GraphQL emails / markEmailRead / deleteEmails / sendEmail and
// the attachment routes). Every call acts for the caller only: another user's or tenant's ids find nothing
// (404 or a count of 0) and change nothing. Bodies are sanitised before they are stored; attachments are kept
// by the storage module under server-made keys; a client's message to their coach is also mailed to the coach.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { hasControl, plainTextMessages } from '../../plain-text.js';
import type { Actor, AssignedClient } from '../access/scope.js';
import type { Mailer } from '../mail/mailer.js';
import type { Storage } from '../storage/storage.js';
import { recordEvent } from '../events/record-event.js';
import { reserve } from '../limits/limits.js';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX_COUNT,
  TOO_LARGE,
  checkAttachment,
} from './attachment-type.js';
import { clientMail, coachMail } from './coach-mail.js';
import type { Message } from './coach-mail.js';
import * as repo from './mailbox-repository.js';
import type { EmailRow, ListQuery } from './mailbox-repository.js';
import { sanitizeBody } from './sanitize-body.js';

const PAGE_MAX = 50;
const SUBJECT_MAX = 200;
const BODY_MAX = 50_000;

interface MailboxDeps {
  db: Kysely<Database>;
  now: () => Date;
  mailer: Mailer;
  storage: Storage;
  log: { error(obj: object, msg: string): void };
}

export interface SendInput {
  subject: string;
  body: string;
  previous?: number | null | undefined;
  attachments?: number[] | null | undefined;
}

const invalid = (field: string, message: string) => new FieldError({ [field]: [message] });

/** GraphQL takes strings as they come (no plainText keyword there), so the plain-text rule is applied here. */
function checkInput(input: SendInput): { subject: string; body: string; attachments: number[] } {
  if (hasControl('single-line', input.subject)) throw invalid('subject', plainTextMessages['single-line']);
  const subject = input.subject.trim();
  // Invisible characters alone (zero-width and other format characters, spaces trim() leaves) are no subject:
  // the notice mailed to the other party would quote an empty one.
  if (!/[^\p{Z}\p{Cf}]/u.test(subject) || subject.length > SUBJECT_MAX)
    throw invalid('subject', `Write a subject of at most ${SUBJECT_MAX} characters.`);
  if (input.body.length > BODY_MAX)
    throw invalid('body', `The message must be at most ${BODY_MAX} characters.`);
  if (hasControl('multi-line', input.body)) throw invalid('body', plainTextMessages['multi-line']);
  const body = sanitizeBody(input.body).trim();
  if (!body.replace(/<[^>]*>|&nbsp;|\s/g, '')) throw invalid('body', 'Write a message.');
  const attachments = [...new Set(input.attachments ?? [])];
  if (attachments.length > ATTACHMENTS_MAX_COUNT)
    throw invalid('attachments', `At most ${ATTACHMENTS_MAX_COUNT} files per message.`);
  return { subject, body, attachments };
}

function page(limit: number, offset: number): { limit: number; offset: number } {
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX)
    throw invalid('limit', `Ask for 1 to ${PAGE_MAX} messages.`);
  if (!Number.isInteger(offset) || offset < 0) throw invalid('offset', 'The offset must be 0 or more.');
  return { limit, offset };
}

export function createMailboxService({ db, now, mailer, storage, log }: MailboxDeps) {
  function shape(owner: Actor, rows: EmailRow[]) {
    return rows.map((r) => ({
      id: r.id,
      parent: r.parent_id,
      previous: r.previous_id,
      from: r.from_user_id,
      to: r.to_user_id,
      fromuser: { id: r.from_user_id, first_name: r.from_first_name, last_name: r.from_last_name },
      touser: { id: r.to_user_id, first_name: r.to_first_name, last_name: r.to_last_name },
      subject: r.subject,
      body: r.body,
      read: r.to_user_id === owner.userId ? r.read : true,
      // An aggregate's subquery always answers one row; the type cannot know it.
      attachments: (r.attachments ?? []).map((f) => ({
        id: f.id,
        name: f.name,
        size: f.size,
        type: f.content_type,
      })),
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    }));
  }

  async function list(owner: Actor, query: ListQuery) {
    const { limit, offset } = page(query.limit, query.offset);
    const { rows, total } = await repo.listEmails(db, owner, { ...query, limit, offset });
    const next = offset + rows.length;
    return { items: shape(owner, rows), total, next_offset: next < total ? next : null };
  }

  /**
   * Mails the recipient: the sender's coach (a link to the thread in the coach's workspace), or the client a
   * coach wrote to (a link to their messages). A mail the server refuses waits in the outbox.
   */
  async function tell(tenant: Tenant, owner: Actor, toUserId: number, message: Message) {
    const toCoach = owner.role === 'client' && (await repo.coachUserOf(db, owner)) === toUserId;
    if (!toCoach && owner.role !== 'coach') return;
    const people = await repo.findPeople(db, owner.tenantId, [owner.userId, toUserId]);
    const from = people.find((p) => p.id === owner.userId);
    const to = people.find((p) => p.id === toUserId);
    if (!from || !to) return;
    const mail = toCoach ? coachMail(tenant, from, to, message) : clientMail(tenant, from, to, message);
    await mailer.send(mail).catch((error: unknown) => {
      log.error({ err: error }, 'message notification not sent');
    });
  }

  return {
    list,

    markRead: (owner: Actor, ids: number[], read: boolean) =>
      ids.length ? repo.markRead(db, owner, ids, read, now()) : Promise.resolve(0),

    remove: (owner: Actor, ids: number[]) =>
      ids.length ? repo.hideFor(db, owner, ids, now()) : Promise.resolve(0),

    /** `recipient`: a coach's new message to a client assigned to them (otherwise a client writes to their coach). */
    async send(tenant: Tenant, owner: Actor, input: SendInput, recipient?: AssignedClient) {
      const { subject, body, attachments } = checkInput(input);
      let to: number | undefined;
      let parent: number | null = null;
      let previous: number | null = null;
      if (input.previous != null) {
        const answered = await repo.findVisible(db, owner, input.previous);
        if (!answered) throw new HttpError(404, 'Message not found.');
        to = answered.from_user_id === owner.userId ? answered.to_user_id : answered.from_user_id;
        parent = answered.parent_id ?? answered.id;
        previous = answered.id;
      } else if (recipient) {
        to = recipient.userId;
      } else {
        to = await repo.coachUserOf(db, owner);
        if (to === undefined) throw invalid('to', 'You have no coach to write to yet.');
      }
      if ((await repo.sizeOfUploads(db, owner, attachments)) > ATTACHMENT_MAX_BYTES)
        throw invalid('attachments', 'The files of one message must be at most 25 MB together.');
      const addressee = to;
      const at = now();
      const id = await reserve(db, 'messages', owner, at, async (trx) => {
        const emailId = await repo.insertEmail(
          trx,
          owner,
          { parent_id: parent, previous_id: previous, to_user_id: addressee, subject, body },
          at,
        );
        if ((await repo.attachUploads(trx, owner, attachments, emailId)) !== attachments.length)
          throw invalid('attachments', 'An attachment was not found: upload it again.');
        // Who wrote to whom and in which thread, never the subject or body: those stay in the portal.
        await recordEvent(trx, owner.tenantId, 'message.created', {
          message_id: emailId,
          thread_id: parent ?? emailId,
          from_user_id: owner.userId,
          from_role: owner.role,
          to_user_id: addressee,
          attachments: attachments.length,
          created_at: at.toISOString(),
        });
        return emailId;
      });
      await tell(tenant, owner, addressee, { subject, body, thread: parent ?? id });
      // As a "thread" the new message finds only itself: no message names it as its first one yet.
      const { rows } = await repo.listEmails(db, owner, { folder: 'sent', thread: id, limit: 1, offset: 0 });
      const [email] = shape(owner, rows);
      return email!;
    },

    async upload(owner: Actor, name: string, bytes: Uint8Array) {
      // Too large is refused before the hourly count, so a refused file does not use up the user's uploads.
      if (bytes.length > ATTACHMENT_MAX_BYTES) throw invalid('file', TOO_LARGE);
      const file = await checkAttachment('mail', { name, bytes });
      // The row takes the upload's slot in the limit before the bytes go to the store, never under the lock.
      const at = now();
      const row = await reserve(db, 'uploads', owner, at, (trx) =>
        repo.insertAttachment(trx, owner, file, at),
      );
      try {
        await storage.put(file.object_key, bytes, file.content_type);
      } catch (error) {
        await repo.deleteUnsent(db, owner, row.id);
        throw error;
      }
      return { id: row.id, name: row.name, size: row.size, type: row.content_type };
    },

    async discardUpload(owner: Actor, id: number) {
      const key = await repo.deleteUnsent(db, owner, id);
      if (!key) throw new HttpError(404, 'Attachment not found.');
      await storage.remove(key);
    },

    async download(owner: Actor, id: number) {
      const row = await repo.findDownloadable(db, owner, id);
      const bytes = row && (await storage.get(row.object_key));
      if (!row || !bytes) throw new HttpError(404, 'Attachment not found.');
      return { name: row.name, type: row.content_type, bytes };
    },

    /** Housekeeping: uploads never sent within a day go, rows and files. */
    async purgeUnsent(before: Date) {
      const keys = await repo.deleteUnsentBefore(db, before);
      for (const key of keys) await storage.remove(key);
      return keys.length;
    },
  };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
