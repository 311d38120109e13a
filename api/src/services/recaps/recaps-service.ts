// Shared recaps: after a meeting the coach writes a recap (a draft only they see), shares it
// (the client is told: bell, push and a mail, as their `recap` channels say; `recap.shared` to webhooks), and
// both comment under it; the coach makes action steps from it, which link back to it. The client's own meeting
// notes and the coach's private notes are other tables, which nothing here reads. Another coach's client's
// recap, or a draft asked for by the client, is a 404 that changes nothing.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { assignedClient } from '../access/assigned-client.js';
import type { Actor, AssignedClient } from '../access/scope.js';
import { notFound } from '../client-work/owner.js';
import { insertStep } from '../coach/coach-work-repository.js';
import { recordEvent } from '../events/record-event.js';
import { sanitizeRichText } from '../groups/rich-text.js';
import { bodyText } from '../mailbox/sanitize-body.js';
import type { Mailer } from '../mail/mailer.js';
import { wallTime } from '../coach/meeting-mail.js';
import { notify } from '../notifications/notify.js';
import {
  commentsOf,
  findRecap,
  insertComment,
  listRecaps,
  saveRecap,
  shareRecap,
  startedMeeting,
  stepsOf,
  type RecapRow,
} from './recaps-repository.js';

const iso = (at: Date) => at.toISOString();
const name = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

/** The app's page of a recap for each of its two readers. */
const recapLink = {
  client: (recapId: number) => `/recaps/${recapId}`,
  coach: (meetingId: number) => `/coach/meetings/${meetingId}/recap`,
};

export function createRecapsService(deps: { db: Kysely<Database>; now: () => Date; mailer: Mailer }) {
  const { db, now, mailer } = deps;

  /** The recaps with their comments and steps, as the actor reads them. */
  async function shape(actor: Actor, rows: RecapRow[]) {
    const ids = rows.map((r) => r.id);
    const [comments, steps] = await Promise.all([commentsOf(db, actor, ids), stepsOf(db, actor, ids)]);
    return rows.map((r) => ({
      id: r.id,
      client_id: r.client_id,
      meeting: { id: r.meeting_id, title: r.meeting_title, starts_at: iso(r.meeting_starts_at) },
      author: { id: r.author_id, first_name: r.author_first_name, last_name: r.author_last_name },
      body: sanitizeRichText(r.body),
      shared_at: r.shared_at === null ? null : iso(r.shared_at),
      updated_at: iso(r.updated_at),
      comments: comments
        .filter((c) => c.recap_id === r.id)
        .map((c) => ({
          id: c.id,
          author: { id: c.author_id, first_name: c.first_name, last_name: c.last_name },
          mine: c.author_id === actor.userId,
          body: c.body,
          created_at: iso(c.created_at),
        })),
      action_steps: steps
        .filter((s) => s.recap_id === r.id)
        .map((s) => ({ id: s.id, title: s.title, status: s.status, due_date: s.due_date })),
    }));
  }

  const one = async (actor: Actor, rows: RecapRow[]) => {
    const [recap] = await shape(actor, rows);
    if (!recap) throw notFound('Recap');
    return recap;
  };

  /** The coach's client of a recap's meeting, or the 404 of a meeting they may not write for. */
  async function meetingOf(coach: Actor, meetingId: number) {
    const meeting = await startedMeeting(db, coach, meetingId, now());
    if (!meeting) throw new HttpError(404, 'Meeting not found.');
    return { meeting, client: await assignedClient(db, coach, meeting.client_id) };
  }

  return {
    /** A client's shared recaps, or the recaps of one of the coach's clients (drafts included). */
    async list(actor: Actor, clientId?: number) {
      if (clientId !== undefined) await assignedClient(db, actor, clientId);
      return shape(actor, await listRecaps(db, actor, clientId === undefined ? {} : { clientId }));
    },

    async get(actor: Actor, id: number) {
      return one(actor, await listRecaps(db, actor, { id }));
    },

    /** The coach's meeting with its recap (null before one is written). */
    async ofMeeting(coach: Actor, meetingId: number) {
      const { meeting } = await meetingOf(coach, meetingId);
      const [recap] = await shape(coach, await listRecaps(db, coach, { meetingId }));
      return {
        meeting: {
          id: meeting.id,
          title: meeting.title,
          starts_at: iso(meeting.starts_at),
          client_id: meeting.client_id,
        },
        recap: recap ?? null,
      };
    },

    /** Writes (or rewrites) the meeting's recap; a shared one stays shared and is not announced again. */
    async save(coach: Actor, meetingId: number, body: string) {
      const { client } = await meetingOf(coach, meetingId);
      const clean = sanitizeRichText(body).trim();
      // Markup alone (an empty paragraph) is no recap: the same answer as an empty field.
      if (bodyText(clean) === '') throw new FieldError({ body: ['This field is required.'] });
      await saveRecap(db, coach, client, meetingId, clean, now());
      return one(coach, await listRecaps(db, coach, { meetingId }));
    },

    /** Shares a draft: the client's bell, push and mail, and the event, in the sharing's transaction. */
    async share(tenant: Tenant, coach: Actor, id: number) {
      const at = now();
      const shared = await db.transaction().execute(async (trx) => {
        const row = await shareRecap(trx, coach, id, at);
        if (!row) return undefined;
        await recordEvent(trx, coach.tenantId, 'recap.shared', {
          recap_id: row.id,
          meeting_id: row.meeting_id,
          client_id: row.client_id,
          coach_id: coach.userId,
          shared_at: iso(at),
        });
        return row;
      });
      if (!shared) {
        // Either not the coach's (404) or already shared (409): told apart only for a recap they may see.
        if (await findRecap(db, coach, id)) throw new HttpError(409, 'This recap is already shared.');
        throw notFound('Recap');
      }
      const [recap] = await shape(coach, await listRecaps(db, coach, { meetingId: shared.meeting_id }));
      if (!recap) throw notFound('Recap');
      await mailer.send(await recapMail(db, tenant, recap, shared.client_id));
      return recap;
    },

    /** A comment by the client or their coach; the other party is told (bell and push). */
    async comment(actor: Actor, id: number, body: string) {
      const recap = await findRecap(db, actor, id);
      if (!recap || recap.shared_at === null) throw notFound('Recap');
      const client: AssignedClient | undefined =
        actor.role === 'client' ? undefined : await assignedClient(db, actor, recap.client_id);
      const at = now();
      const text = body.trim();
      const row = await db.transaction().execute(async (trx) => {
        const stored = await insertComment(trx, actor, recap, client, text, at);
        const author = await trx
          .selectFrom('users')
          .select(['first_name', 'last_name'])
          .where('id', '=', actor.userId)
          .executeTakeFirstOrThrow();
        // The coach who wrote the recap hears the client; the client hears any coach of theirs.
        const to = actor.role === 'client' ? recap.author_id : recap.client_id;
        await notify(trx, {
          tenantId: actor.tenantId,
          userId: to,
          kind: 'recap',
          title: `${name(author)} commented on a recap`,
          body: text,
          link: actor.role === 'client' ? recapLink.coach(recap.meeting_id) : recapLink.client(recap.id),
        });
        return { ...stored, author };
      });
      return {
        id: row.id,
        author: { id: row.author_id, ...row.author },
        mine: true,
        body: row.body,
        created_at: iso(row.created_at),
      };
    },

    /** An action step on the client's board, made from the recap (it links back to it). */
    async addStep(
      coach: Actor,
      id: number,
      step: { title: string; description?: string; due_date?: string | null },
    ) {
      const recap = await findRecap(db, coach, id);
      if (!recap) throw notFound('Recap');
      const client = await assignedClient(db, coach, recap.client_id);
      const row = await insertStep(db, coach, client, { ...step, recap_id: recap.id }, now());
      return { id: row.id, title: row.title, status: row.status, due_date: row.due_date };
    },
  };
}

/** The mail that tells the client of a shared recap: its text as plain text, in their zone's date. */
async function recapMail(
  db: Kysely<Database>,
  tenant: Tenant,
  recap: {
    id: number;
    body: string;
    meeting: { title: string; starts_at: string };
    author: { first_name: string; last_name: string };
  },
  clientId: number,
) {
  const client = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'email', 'time_zone'])
    .where('tenant_id', '=', tenant.id)
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  return {
    tenant,
    kind: 'recap' as const,
    to: client.email,
    notice: { userId: client.id, kind: 'recap' as const },
    values: {
      firstName: client.first_name,
      coach: name(recap.author),
      title: recap.meeting.title,
      when: wallTime(new Date(recap.meeting.starts_at), client.time_zone ?? 'UTC'),
      text: bodyText(recap.body),
      link: `https://${tenant.domain}${recapLink.client(recap.id)}`,
    },
  };
}
