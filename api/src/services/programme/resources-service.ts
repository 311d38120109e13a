// The coach's library: links and files (the mail attachments' type sniffing, size limit and private storage),
// each shared with one client, a company, a group or all the coach's clients. A share's target is checked
// against the coach's own reach (an assigned client, one of their clients' companies, their own group), so a
// coach cannot push a file to anyone else's clients. A client lists what is shared with them on /resources and
// downloads a shared file; anything else is a 404.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { assignedClient } from '../access/assigned-client.js';
import type { Actor } from '../access/scope.js';
import { coachProfile } from '../coach/meetings-repository.js';
import { storeAttachment } from '../mailbox/attachment-type.js';
import type { Storage } from '../storage/storage.js';
import { ownGroup } from './group-scope.js';
import * as repo from './resources-repository.js';
import type { Audience, ResourceRow } from './resources-repository.js';

interface Deps {
  db: Kysely<Database>;
  now: () => Date;
  storage: Storage;
  log: { error(obj: object, msg: string): void };
}

const resourceNotFound = () => new HttpError(404, 'Resource not found.');

const shape = (r: ResourceRow) => ({
  id: r.id,
  title: r.title,
  kind: r.url === null ? ('file' as const) : ('link' as const),
  url: r.url,
  file: r.file_name === null ? null : { name: r.file_name, size: r.size ?? 0, type: r.content_type ?? '' },
  created_at: r.created_at.toISOString(),
});

export function createResourcesService({ db, now, storage, log }: Deps) {
  async function coachIdOf(coach: Actor) {
    const profile = await coachProfile(db, coach);
    if (!profile) throw new HttpError(403, 'This is not available to your account.');
    return profile.id;
  }

  async function own(coach: Actor, id: number) {
    const row = await repo.findOwn(db, coach.tenantId, await coachIdOf(coach), id);
    if (!row) throw resourceNotFound();
    return row;
  }

  /** The target when the coach reaches it; otherwise the same 404 as an unknown id. */
  async function checkTarget(coach: Actor, audience: Audience, targetId: number | undefined) {
    if (audience === 'all') return null;
    if (targetId === undefined) throw new HttpError(404, 'Nobody to share with.');
    if (audience === 'client') return (await assignedClient(db, coach, targetId)).userId;
    if (audience === 'group') return (await ownGroup(db, coach, targetId)).id;
    const companies = await repo.coachCompanies(db, coach);
    if (!companies.some((c) => c.id === targetId)) throw new HttpError(404, 'Company not found.');
    return targetId;
  }

  async function shaped(coach: Actor, rows: ResourceRow[]) {
    const shares = await repo.sharesOf(
      db,
      coach.tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      ...shape(r),
      shares: shares
        .filter((s) => s.resource_id === r.id)
        .map((s) => ({ id: s.id, audience: s.audience, target_id: s.target_id, name: s.target_name ?? '' })),
    }));
  }

  return {
    /** The library, newest first, with whom each is shared and whom the coach may share with. */
    async library(coach: Actor) {
      const coachId = await coachIdOf(coach);
      const [rows, clients, companies, groups] = await Promise.all([
        repo.listOwn(db, coach.tenantId, coachId),
        repo.coachClientList(db, coach),
        repo.coachCompanies(db, coach),
        repo.coachGroups(db, coach.tenantId, coachId),
      ]);
      return { resources: await shaped(coach, rows), audiences: { clients, companies, groups } };
    },

    async addLink(coach: Actor, input: { title: string; url: string }) {
      const coachId = await coachIdOf(coach);
      const { id } = await repo.insertResource(db, {
        tenant_id: coach.tenantId,
        coach_id: coachId,
        title: input.title.trim(),
        url: input.url,
        object_key: null,
        file_name: null,
        size: null,
        content_type: null,
        created_at: now(),
      });
      return (await shaped(coach, [await own(coach, id)]))[0]!;
    },

    async addFile(coach: Actor, input: { title: string; file: { name: string; bytes: Buffer } }) {
      const coachId = await coachIdOf(coach);
      const stored = await storeAttachment(storage, 'coach-resources', input.file, 'file');
      try {
        const { id } = await repo.insertResource(db, {
          tenant_id: coach.tenantId,
          coach_id: coachId,
          title: input.title.trim() || stored.name,
          url: null,
          object_key: stored.object_key,
          file_name: stored.name,
          size: stored.size,
          content_type: stored.content_type,
          created_at: now(),
        });
        return (await shaped(coach, [await own(coach, id)]))[0]!;
      } catch (error) {
        await storage.remove(stored.object_key);
        throw error;
      }
    },

    async share(coach: Actor, id: number, input: { audience: Audience; target_id?: number | undefined }) {
      await own(coach, id);
      const targetId = await checkTarget(coach, input.audience, input.target_id);
      await repo.insertShare(db, {
        tenant_id: coach.tenantId,
        resource_id: id,
        audience: input.audience,
        target_id: targetId,
        created_at: now(),
      });
      return (await shaped(coach, [await own(coach, id)]))[0]!;
    },

    async unshare(coach: Actor, id: number, shareId: number) {
      await own(coach, id);
      if (!(await repo.deleteShare(db, coach.tenantId, id, shareId)))
        throw new HttpError(404, 'Share not found.');
      return (await shaped(coach, [await own(coach, id)]))[0]!;
    },

    async remove(coach: Actor, id: number) {
      const row = await own(coach, id);
      await repo.deleteResource(db, coach.tenantId, await coachIdOf(coach), id);
      if (row.object_key !== null)
        await storage.remove(row.object_key).catch((error: unknown) => {
          log.error({ err: error, key: row.object_key }, 'coach resource not removed from storage');
        });
      return { id };
    },

    async download(coach: Actor, id: number) {
      const row = await own(coach, id);
      return fileOf(row);
    },

    /** What the client's coaches share with them, newest first. */
    async shared(client: Actor) {
      const rows = await repo.listShared(db, client);
      return rows.map((r) => ({
        ...shape(r),
        coach: { first_name: r.coach_first_name, last_name: r.coach_last_name },
      }));
    },

    async sharedDownload(client: Actor, id: number) {
      const row = await repo.findShared(db, client, id);
      if (!row) throw resourceNotFound();
      return fileOf(row);
    },
  };

  async function fileOf(row: {
    object_key: string | null;
    file_name: string | null;
    content_type: string | null;
  }) {
    const bytes = row.object_key === null ? null : await storage.get(row.object_key);
    if (!bytes) throw resourceNotFound();
    return { name: row.file_name ?? 'file', type: row.content_type ?? 'application/octet-stream', bytes };
  }
}
