// The company's files (/resources): the caller sees the files of their own company (theirs, their
// colleagues' and their coach's), sends new ones to the coach, and renames, describes or deletes what they sent
// themselves. A company id other than the caller's own is a 403 and changes nothing; a file id of another
// company or tenant is a 404. Files go through the mail attachments' checks, limits and private storage. A
// coach uses the same files through a client assigned to them: that client's company, sent to and read from.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { assignedClient } from '../access/assigned-client.js';
import type { AssignedClient } from '../access/scope.js';
import type { Caller } from '../auth/session-service.js';
import { notFound } from '../client-work/owner.js';
import { recordEvent } from '../events/record-event.js';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_MAX_COUNT, storeAttachment } from '../mailbox/attachment-type.js';
import { filesMail } from '../mailbox/coach-mail.js';
import { coachUserOf, findPeople } from '../mailbox/mailbox-repository.js';
import type { Mailer } from '../mail/mailer.js';
import type { Storage } from '../storage/storage.js';
import * as repo from './company-files-repository.js';
import type { CompanyScope } from './company-files-repository.js';

import { DESCRIPTION_MAX } from '../../../../contracts/rest/company-files.js';

export { DESCRIPTION_MAX };

interface Deps {
  db: Kysely<Database>;
  now: () => Date;
  storage: Storage;
  mailer: Mailer;
  log: { error(obj: object, msg: string): void };
}

interface UpdateInput {
  description?: string | undefined;
  files?: { id: number; name: string }[] | undefined;
}

const invalid = (field: string, message: string) => new FieldError({ [field]: [message] });
const fileNotFound = () => notFound('File');

/** A new name keeps the file's extension: "Plan" for "plan.pdf" becomes "Plan.pdf". */
function renamed(old: string, name: string): string {
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(old)?.[0];
  if (!extension || name.toLowerCase().endsWith(extension.toLowerCase())) return name;
  return `${name}${extension}`;
}

function checkName(name: string, field: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid(field, 'Write a name.');
  if (/[/\\]/.test(trimmed)) throw invalid(field, 'A name cannot contain / or \\.');
  return trimmed;
}

export function createCompanyFilesService({ db, now, storage, mailer, log }: Deps) {
  /** The caller's own company, when it is the one asked for; otherwise a 403. */
  async function scopeOf(caller: Caller, companyId: number): Promise<CompanyScope> {
    const company = await repo.companyOf(db, caller);
    if (company == null || company !== companyId)
      throw new HttpError(403, 'You can only use the files of your own company.');
    return { ...caller, companyId };
  }

  async function shaped(caller: Caller, scope: CompanyScope, id?: number) {
    const rows = await repo.listFiles(db, scope, id);
    const items = await repo.itemsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      company_id: r.company_id,
      description: r.description,
      files: items
        .filter((i) => i.company_file_id === r.id)
        .map((i) => ({
          id: i.id,
          name: i.name,
          size: i.size,
          type: i.content_type,
          created_at: i.created_at.toISOString(),
        })),
      sender: { id: r.uploader_id, first_name: r.first_name, last_name: r.last_name },
      from_coach: r.coach_id !== null,
      to: r.recipient_id === null ? ('company' as const) : ('client' as const),
      editable: r.uploader_id === caller.userId,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    }));
  }

  /** A sending of the company that the caller sent (only they may change it). */
  async function ownFile(caller: Caller, scope: CompanyScope, id: number) {
    const file = await repo.findFile(db, scope, id);
    if (!file) throw fileNotFound();
    if (file.uploader_id !== caller.userId)
      throw new HttpError(403, 'Only the person who sent a file can change or delete it.');
    return file;
  }

  /** Mails the other party what was sent, like a message; a mail the server refuses waits in the outbox. */
  async function tell(
    tenant: Tenant,
    caller: Caller,
    toId: number,
    sent: { description: string; files: { name: string }[] },
    told: 'coach' | 'client',
  ) {
    const people = await findPeople(db, caller.tenantId, [caller.userId, toId]);
    const from = people.find((p) => p.id === caller.userId);
    const to = people.find((p) => p.id === toId);
    if (!from || !to) return;
    await mailer.send(filesMail(tenant, from, to, sent, told)).catch((error: unknown) => {
      log.error({ err: error }, 'notice of new files not sent');
    });
  }

  /**
   * A client's company, for their coach's door: the client is first found assigned to the coach (else 404),
   * and the coach then acts in that company's files as the client's colleagues do; for a client without a
   * company, in the files of that client alone.
   */
  async function clientScope(coach: Caller, clientId: number) {
    const client = await assignedClient(db, coach, clientId);
    const companyId = (await repo.companyOf(db, { ...client, role: 'client' })) ?? null;
    return { client, scope: { ...coach, companyId, clientId: client.userId } };
  }

  /**
   * Checks, stores and records a sending in the scope's company (for `to` alone, when given); nothing stays
   * behind when it fails.
   */
  async function store(
    caller: Caller,
    scope: CompanyScope,
    input: { description: string; files: { name: string; bytes: Buffer }[] },
    to?: AssignedClient,
  ) {
    const description = input.description.trim();
    if (description.length > DESCRIPTION_MAX)
      throw invalid('description', `The description must be at most ${DESCRIPTION_MAX} characters.`);
    if (input.files.length === 0 && !description)
      throw invalid('files', 'Choose a file or write a description.');
    if (input.files.length > ATTACHMENTS_MAX_COUNT)
      throw invalid('files', `Send at most ${ATTACHMENTS_MAX_COUNT} files at a time.`);
    if (input.files.reduce((sum, f) => sum + f.bytes.length, 0) > ATTACHMENT_MAX_BYTES)
      throw invalid('files', 'The files sent at once must be at most 25 MB together.');
    const stored: Awaited<ReturnType<typeof storeAttachment>>[] = [];
    let id: number;
    try {
      for (const file of input.files) stored.push(await storeAttachment(storage, 'files', file, 'files'));
      id = await db.transaction().execute(async (trx) => {
        const at = now();
        const fileId = await repo.insertFile(trx, scope, description, stored, at, to);
        // Who shared what with whom: the company, and the one client when it is addressed to one. File names
        // and the description stay in the portal (a name can say more than a CRM should hold).
        await recordEvent(trx, scope.tenantId, 'file.shared', {
          file_id: fileId,
          company_id: scope.companyId,
          recipient_id: to?.userId ?? null,
          from_user_id: scope.userId,
          from_role: scope.role,
          files: stored.length,
          created_at: at.toISOString(),
        });
        return fileId;
      });
    } catch (error) {
      // Nothing half-sent stays behind: the files stored before a refusal or failure go too.
      await removeStored(stored.map((s) => s.object_key));
      throw error;
    }
    const [created] = await shaped(caller, scope, id);
    return created!;
  }

  async function fileOf(scope: CompanyScope, itemId: number) {
    const item = await repo.findItem(db, scope, itemId);
    const bytes = item && (await storage.get(item.object_key));
    if (!item || !bytes) throw fileNotFound();
    return { name: item.name, type: item.content_type, bytes };
  }

  async function removeStored(keys: string[]) {
    for (const key of keys) {
      await storage.remove(key).catch((error: unknown) => {
        log.error({ err: error, key }, 'company file not removed from storage');
      });
    }
  }

  return {
    async list(caller: Caller, companyId: number) {
      return shaped(caller, await scopeOf(caller, companyId));
    },

    async send(
      tenant: Tenant,
      caller: Caller,
      companyId: number,
      input: { description: string; files: { name: string; bytes: Buffer }[] },
    ) {
      const created = await store(caller, await scopeOf(caller, companyId), input);
      const coach = await coachUserOf(db, caller);
      if (coach !== undefined) await tell(tenant, caller, coach, created, 'coach');
      return created;
    },

    /**
     * A coach sends files to a client's company, or (`to: client`) to the client alone, whose colleagues never
     * see them; the client is mailed, as a coach is for a client's.
     */
    async sendToClient(
      tenant: Tenant,
      coach: Caller,
      clientId: number,
      input: { to?: 'client' | 'company'; description: string; files: { name: string; bytes: Buffer }[] },
    ) {
      const { client, scope } = await clientScope(coach, clientId);
      // A client without a company (coached on their own) gets their files alone, unless the company is asked.
      const to = input.to ?? (scope.companyId === null ? 'client' : 'company');
      if (to === 'company' && scope.companyId === null)
        throw invalid('to', 'This client has no company: send the files to the client alone.');
      const created = await store(coach, scope, input, to === 'client' ? client : undefined);
      await tell(tenant, coach, client.userId, created, 'client');
      return created;
    },

    async update(caller: Caller, companyId: number, id: number, input: UpdateInput) {
      const scope = await scopeOf(caller, companyId);
      if (input.description === undefined && !input.files?.length)
        throw invalid('description', 'Send a new description or new file names.');
      const file = await ownFile(caller, scope, id);
      const names = new Map((await repo.itemNames(db, file.id)).map((i) => [i.id, i.name]));
      const renames = (input.files ?? []).map((f, i) => {
        const old = names.get(f.id);
        if (old === undefined) throw fileNotFound();
        return { id: f.id, name: renamed(old, checkName(f.name, `files.${i}.name`)) };
      });
      if (input.description !== undefined && !input.description.trim() && names.size === 0)
        throw invalid('description', 'Write a description: this entry has no file.');
      await db.transaction().execute(async (trx) => {
        const at = now();
        await repo.touchFile(trx, scope, file.id, at, input.description?.trim());
        for (const r of renames) await repo.renameItem(trx, file.id, r.id, r.name);
      });
      const [updated] = await shaped(caller, scope, file.id);
      return updated!;
    },

    async remove(caller: Caller, companyId: number, id: number) {
      const scope = await scopeOf(caller, companyId);
      const file = await ownFile(caller, scope, id);
      const keys = await db.transaction().execute((trx) => repo.deleteFile(trx, scope, file.id));
      await removeStored(keys);
      return { id: file.id, deleted: true };
    },

    async download(caller: Caller, companyId: number, itemId: number) {
      return fileOf(await scopeOf(caller, companyId), itemId);
    },

    /** The files a coach sent the caller alone, whatever their company (a client without one has only these). */
    async listOwn(caller: Caller) {
      return shaped(caller, { ...caller, companyId: null });
    },

    async downloadOwn(caller: Caller, itemId: number) {
      return fileOf({ ...caller, companyId: null }, itemId);
    },

    /** A file of a client's company (the client's, a colleague's or a coach's), for the client's coach. */
    async downloadForCoach(coach: Caller, clientId: number, itemId: number) {
      return fileOf((await clientScope(coach, clientId)).scope, itemId);
    },
  };
}
