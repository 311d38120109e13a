// What each event tells whom in the bell: recordEvent hands every event here, in the transaction of the change,
// so the notification centre hears exactly what the webhooks hear. Each rule names the recipients (never the
// person who acted) and, per recipient's role, the page of the app that shows the thing (a client's thread is
// /messages/thread/…, a coach's /coach/messages/…). An event no rule names tells nobody.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { EventData, EventType } from '../../../../contracts/events.js';
import { roleOf } from '../../../../contracts/roles.js';
import { owned, visible, type Actor } from '../access/scope.js';
import { notify, type Notice } from './notify.js';
import { planInvoiceMail } from '../billing/invoice-mail.js';

type Told = Omit<Notice, 'tenantId' | 'eventId'>;
type Rule<T extends EventType> = (
  db: Kysely<Database>,
  tenantId: number,
  data: EventData<T>,
) => Promise<Told[]>;

const personOf = (db: Kysely<Database>, tenantId: number, userId: number) =>
  db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'time_zone'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();

const nameOf = async (db: Kysely<Database>, tenantId: number, userId: number) => {
  const person = await personOf(db, tenantId, userId);
  return person ? `${person.first_name} ${person.last_name}`.trim() : 'Someone';
};

/** When a meeting starts, in its reader's zone (UTC for a person without one). */
const startsAt = (iso: string, timeZone: string | null | undefined) => {
  const options = { dateStyle: 'medium', timeStyle: 'short', timeZone: timeZone ?? 'UTC' } as const;
  try {
    return `Starts ${new Intl.DateTimeFormat('en-GB', options).format(new Date(iso))}`;
  } catch {
    return `Starts ${new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(new Date(iso))} UTC`;
  }
};

/** A client as the reader of their own rows (whom they are coached by, their messages). */
const asClient = (tenantId: number, userId: number): Actor => ({ tenantId, userId, role: 'client' });

/** The users (ids) who coach this client in this tenant. */
async function coachesOf(db: Kysely<Database>, tenantId: number, clientId: number) {
  const client = asClient(tenantId, clientId);
  const rows = await db
    .selectFrom('coach_clients')
    .where(owned(client, 'coach_clients'))
    .innerJoin('coaches', 'coaches.id', 'coach_clients.coach_id')
    .select('coaches.user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** The active members of a group, each with their membership (the id of their group's pages). */
const groupMembers = (db: Kysely<Database>, tenantId: number, groupId: number) =>
  db
    .selectFrom('user_groups')
    .select(['id', 'user_id'])
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .where('status', '=', 'active')
    .execute();

/** The active clients of a company, the one who shared excepted (colleagues see a company's files). */
const clientsOfCompany = async (db: Kysely<Database>, tenantId: number, companyId: number, except: number) =>
  (
    await db
      .selectFrom('users')
      .select(['id', 'role_id'])
      .where('tenant_id', '=', tenantId)
      .where('company_id', '=', companyId)
      .where('deactivated_at', 'is', null)
      .where('id', '!=', except)
      .execute()
  )
    .filter((u) => roleOf(u.role_id) === 'client')
    .map((u) => u.id);

/** A request's word in the coach's bell and the Requests page's tab it opens. */
const request =
  (what: string, tab: string) => async (db: Kysely<Database>, tenantId: number, userId: number) => {
    const from = await nameOf(db, tenantId, userId);
    return (await coachesOf(db, tenantId, userId)).map((coach) => ({
      userId: coach,
      kind: 'request' as const,
      title: `${from} sent ${what}`,
      link: `/coach/requests?kind=${tab}`,
    }));
  };

/**
 * A meeting's change, told to whoever did not make it: the coach when their client booked, the client when their
 * coach scheduled it, both when the tenant's system (a key) did.
 */
const meeting =
  (verb: string) =>
  async (db: Kysely<Database>, tenantId: number, data: EventData<'meeting.booked'>): Promise<Told[]> => {
    const [client, coach] = await Promise.all([
      personOf(db, tenantId, data.client_id),
      personOf(db, tenantId, data.coach_id),
    ]);
    const name = (p: typeof client) => (p ? `${p.first_name} ${p.last_name}`.trim() : 'Someone');
    const told: Told[] = [];
    if (data.by !== 'coach')
      told.push({
        userId: data.coach_id,
        kind: 'meeting',
        title: `${name(client)} ${verb} a meeting`,
        body: startsAt(data.starts_at, coach?.time_zone),
        link: '/coach/schedule',
      });
    if (data.by !== 'client')
      told.push({
        userId: data.client_id,
        kind: 'meeting',
        title: `Your meeting with ${name(coach)} was ${verb}`,
        body: startsAt(data.starts_at, client?.time_zone),
        link: '/schedule',
      });
    return told;
  };

const rules: { [T in EventType]?: Rule<T> } = {
  'message.created': async (db, tenantId, data) => {
    const toClient = data.from_role !== 'client';
    // The subject as its recipient reads it, in their own mailbox.
    const reader: Actor = { tenantId, userId: data.to_user_id, role: toClient ? 'client' : 'coach' };
    const [from, message] = await Promise.all([
      nameOf(db, tenantId, data.from_user_id),
      db
        .selectFrom('emails')
        .where(visible(reader, 'emails'))
        .select('subject')
        .where('id', '=', data.message_id)
        .executeTakeFirst(),
    ]);
    return [
      {
        userId: data.to_user_id,
        kind: 'message',
        title: `New message from ${from}`,
        body: message?.subject ?? null,
        link: toClient ? `/messages/thread/${data.thread_id}` : `/coach/messages/${data.thread_id}`,
      },
    ];
  },
  'file.shared': async (db, tenantId, data) => {
    const from = await nameOf(db, tenantId, data.from_user_id);
    const title = `${from} shared ${data.files === 1 ? 'a file' : data.files === 0 ? 'a note' : `${data.files} files`}`;
    if (data.from_role === 'client') {
      // A client's sending reaches their coaches, on the client's page in the coach's workspace.
      const coaches = await coachesOf(db, tenantId, data.from_user_id);
      return coaches.map((coach) => ({
        userId: coach,
        kind: 'file' as const,
        title,
        link: `/coach/clients/${data.from_user_id}`,
      }));
    }
    const clients =
      data.recipient_id !== null
        ? [data.recipient_id]
        : data.company_id !== null
          ? await clientsOfCompany(db, tenantId, data.company_id, data.from_user_id)
          : [];
    return clients.map((client) => ({ userId: client, kind: 'file' as const, title, link: '/resources' }));
  },
  'ticket.created': (db, tenantId, data) =>
    request('a support ticket', 'tickets')(db, tenantId, data.user_id),
  'testimonial.created': (db, tenantId, data) =>
    request('a testimonial', 'testimonials')(db, tenantId, data.user_id),
  'referral.created': (db, tenantId, data) => request('a referral', 'referrals')(db, tenantId, data.user_id),
  'ticket.answered': async (db, tenantId, data) => [
    {
      userId: data.user_id,
      kind: 'ticket',
      title: `${await nameOf(db, tenantId, data.coach_id)} answered your support ticket`,
      link: '/help',
    },
  ],
  'lesson.published': async (db, tenantId, data) => {
    const lesson = await db
      .selectFrom('lessons')
      .select('title')
      .where('id', '=', data.lesson_id)
      .executeTakeFirst();
    const members = await groupMembers(db, tenantId, data.group_id);
    return members.map((m) => ({
      userId: m.user_id,
      kind: 'lesson' as const,
      title: 'A new lesson is published',
      body: lesson?.title ?? null,
      link: `/groups/${data.group_id}/${m.id}/lesson/${data.lesson_id}`,
    }));
  },
  'recap.shared': async (db, tenantId, data) => {
    const client = asClient(tenantId, data.client_id);
    const meeting = await db
      .selectFrom('meetings')
      .where(owned(client, 'meetings'))
      .select('title')
      .where('id', '=', data.meeting_id)
      .executeTakeFirst();
    return [
      {
        userId: data.client_id,
        kind: 'recap',
        title: `${await nameOf(db, tenantId, data.coach_id)} shared a meeting recap`,
        body: meeting?.title ?? null,
        link: `/recaps/${data.recap_id}`,
      },
    ];
  },
  // A goal completed is told to the client and their coaches, except whoever completed it: the coach sees it on
  // the client's page, the client on their goals.
  'goal.completed': async (db, tenantId, data) => {
    const by = await nameOf(db, tenantId, data.by_user_id);
    const told: Told[] = (await coachesOf(db, tenantId, data.client_id)).map((coach) => ({
      userId: coach,
      kind: 'goal',
      title:
        data.by_user_id === data.client_id ? `${by} completed a goal` : `${by} completed a client's goal`,
      body: data.title,
      link: `/coach/clients/${data.client_id}`,
    }));
    told.push({
      userId: data.client_id,
      kind: 'goal',
      title: `${by} marked your goal completed`,
      body: data.title,
      link: '/goals',
    });
    return told.filter((t) => t.userId !== data.by_user_id);
  },
  'meeting.booked': meeting('booked'),
  'meeting.rescheduled': meeting('moved'),
  'meeting.cancelled': meeting('cancelled'),
};

/** Tells the bell (and its listeners) of an event, in the transaction that recorded it. */
export async function notificationsFor<T extends EventType>(
  db: Kysely<Database>,
  tenantId: number,
  type: T,
  data: EventData<T>,
  eventId: string,
): Promise<void> {
  // An invoice or credit note is mailed with its PDF (a receipt, not a notification: no bell line).
  if (type === 'invoice.issued') await planInvoiceMail(db, tenantId, data as EventData<'invoice.issued'>);
  const rule = rules[type] as Rule<T> | undefined;
  if (!rule) return;
  for (const told of await rule(db, tenantId, data)) await notify(db, { ...told, tenantId, eventId });
}
