// The coach's workspace: every call acts for the signed-in coach and reaches only the clients assigned to them
// (access/scope.ts); a client named by id is first found assigned (access/assigned-client.ts), so another
// coach's client, another tenant's user or no user at all is the same 404 and nothing changes.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { assignedClient } from '../access/assigned-client.js';
import type { Actor } from '../access/scope.js';
import type { MailboxService, SendInput } from '../mailbox/mailbox-service.js';
import { findVisible } from '../mailbox/mailbox-repository.js';
import * as clients from './clients-repository.js';
import type { ClientQuery } from './clients-repository.js';
import { listThreads } from './coach-mail-repository.js';
import { insertPrivateNote, insertStep, updateStep } from './coach-work-repository.js';
import type { StepFields } from './coach-work-repository.js';
import { findTimeZone } from '../users/user-repository.js';
import { today } from './today-service.js';
import { localDate } from './zoned-day.js';

const iso = (at: Date) => at.toISOString();
const stepNotFound = () => new HttpError(404, 'Action step not found.');

type StepRow = {
  id: number;
  client_id?: number;
  title: string;
  description: string;
  status: number;
  due_date: string | null;
  created_at: Date;
  updated_at: Date;
};
const step = (r: StepRow) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  status: r.status,
  due_date: r.due_date,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export function createCoachService(deps: { db: Kysely<Database>; now: () => Date; mailbox: MailboxService }) {
  const { db, now, mailbox } = deps;
  const zoneOf = async (coach: Actor) => (await findTimeZone(db, coach)) ?? 'UTC';

  return {
    today: (coach: Actor) => today(db, coach, now()),

    async clients(coach: Actor, query: Omit<ClientQuery, 'today' | 'now'>) {
      const at = now();
      const rows = await clients.listClients(db, coach, {
        ...query,
        now: at,
        today: localDate(at, await zoneOf(coach)),
      });
      return rows.map((r) => ({
        id: r.id,
        first_name: r.first_name,
        last_name: r.last_name,
        email: r.email,
        time_zone: r.time_zone,
        company: r.company_id === null ? null : { id: r.company_id, name: r.company ?? '' },
        since: iso(r.since),
        counts: { unread: Number(r.unread), open_steps: Number(r.open_steps), overdue: Number(r.overdue) },
        next_meeting_at: r.next_meeting === null ? null : iso(new Date(r.next_meeting)),
      }));
    },

    async client(coach: Actor, clientId: number) {
      const client = await assignedClient(db, coach, clientId);
      const profile = await clients.clientProfile(db, client);
      const at = now().getTime();
      const [meetings, notes, privateNotes, steps, commitments, metrics, assessments, files, groups] =
        await Promise.all([
          clients.meetingsOf(db, coach, client),
          clients.clientNotesOf(db, coach, client),
          clients.privateNotesOf(db, coach, client),
          clients.stepsOf(db, coach, client, 'action_steps'),
          clients.stepsOf(db, coach, client, 'commitments'),
          clients.metricsOf(db, coach, client),
          clients.assessmentsOf(db, coach, client),
          clients.filesOf(db, coach, client, profile.company_id),
          clients.groupsOf(db, coach, client),
        ]);
      const meeting = (m: (typeof meetings)[number]) => ({
        id: m.id,
        title: m.title,
        agenda: m.agenda,
        starts_at: iso(m.starts_at),
        duration_minutes: m.duration_minutes,
        time_zone: m.time_zone,
        meeting_url: m.meeting_url,
      });
      const ended = (m: (typeof meetings)[number]) =>
        m.starts_at.getTime() + m.duration_minutes * 60_000 <= at;
      return {
        client: {
          ...profile,
          company:
            profile.company_id === null ? null : { id: profile.company_id, name: profile.company ?? '' },
        },
        schedule: {
          upcoming: meetings.filter((m) => !ended(m)).map(meeting),
          past: meetings.filter(ended).map(meeting).reverse(),
        },
        notes: {
          client: notes.map((n) => ({ ...n, created_at: iso(n.created_at), updated_at: iso(n.updated_at) })),
          private: privateNotes.map((n) => ({
            ...n,
            created_at: iso(n.created_at),
            updated_at: iso(n.updated_at),
          })),
        },
        action_steps: steps.map(step),
        commitments: commitments.map(step),
        metrics,
        assessments,
        files: files.map((f) => ({
          id: f.id,
          sending_id: f.sending_id,
          // Who sent it, as the client's /resources says it (a colleague's file is not a coach's).
          sender: { id: f.uploader_id, first_name: f.first_name, last_name: f.last_name },
          from_coach: f.coach_id !== null,
          to: f.recipient_id === null ? ('company' as const) : ('client' as const),
          description: f.description,
          name: f.name,
          size: f.size,
          type: f.content_type,
          created_at: iso(f.created_at),
        })),
        groups: groups.map((g) => ({
          id: g.id,
          group_id: g.group_id,
          title: g.title,
          status: g.status,
          joined_at: iso(g.joined_at),
          lessons: Number(g.lessons),
          started: Number(g.started),
          completed: Number(g.completed),
        })),
      };
    },

    async addStep(coach: Actor, clientId: number, fields: StepFields & { title: string }) {
      const client = await assignedClient(db, coach, clientId);
      return step(await insertStep(db, coach, client, fields, now()));
    },

    /** An edit or a move (a new status: another column of the client's board). */
    async changeStep(coach: Actor, id: number, fields: StepFields) {
      const row = await updateStep(db, coach, id, fields, now());
      if (!row) throw stepNotFound();
      return step(row);
    },

    async addPrivateNote(coach: Actor, clientId: number, note: { body: string; meeting_id: number | null }) {
      const client = await assignedClient(db, coach, clientId);
      if (note.meeting_id !== null) {
        const meetings = await clients.meetingsOf(db, coach, client);
        if (!meetings.some((m) => m.id === note.meeting_id)) throw new HttpError(404, 'Meeting not found.');
      }
      const row = await insertPrivateNote(db, coach, client, note, now());
      return { ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
    },

    /** The coach's threads, or one client's: another coach's client or an unknown id is a 404, as everywhere. */
    async threads(coach: Actor, clientId?: number) {
      if (clientId !== undefined) await assignedClient(db, coach, clientId);
      return listThreads(db, coach, clientId);
    },

    /** A thread, oldest first; its messages to the coach are marked read as the coach opens it. */
    async thread(coach: Actor, id: number) {
      const page = await mailbox.list(coach, { folder: 'inbox', thread: id, limit: 50, offset: 0 });
      if (page.items.length === 0) throw new HttpError(404, 'Message not found.');
      const unread = page.items.filter((m) => m.to === coach.userId && !m.read).map((m) => m.id);
      await mailbox.markRead(coach, unread, true);
      return page;
    },

    async compose(tenant: Tenant, coach: Actor, clientId: number, input: SendInput) {
      const client = await assignedClient(db, coach, clientId);
      return mailbox.send(tenant, coach, { ...input, previous: null }, client);
    },

    /** A reply in a thread with one of the coach's clients (never one with a client no longer theirs). */
    async reply(tenant: Tenant, coach: Actor, id: number, input: SendInput) {
      const answered = await findVisible(db, coach, id);
      if (!answered) throw new HttpError(404, 'Message not found.');
      const other = answered.from_user_id === coach.userId ? answered.to_user_id : answered.from_user_id;
      await assignedClient(db, coach, other);
      return mailbox.send(tenant, coach, { ...input, previous: id });
    },
  };
}
