// The demo bells: each demo person opens the portal to a few notifications, some unread, each made from the
// demo data itself so its link opens a real page (client@'s unread answer in its thread, their coach's files,
// a lesson of their group; the coach's latest message from client@, a meeting client@ booked). A person who
// already has notifications is left alone: seeding twice changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { NotificationKind } from '../../../contracts/notifications.js';

interface NotificationsSeed {
  tenantId: number;
  coachUserId: number;
  coachId: number;
  /** client@ (every flag) and basic@. */
  clientId: number;
  basicId: number;
  coachName: string;
  at: Date;
}

interface DemoNotice {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string | null;
  link: string;
  hoursAgo: number;
  read: boolean;
}

const HOUR = 3_600_000;

/**
 * The unread notice of the newest message `fromId` wrote to `userId`, linking to its thread as the reader's role
 * opens it (a client's /messages/thread/…, a coach's /coach/messages/…); none when there is no such message.
 */
async function messageNotice(
  db: Kysely<Database>,
  tenantId: number,
  to: { userId: number; coach: boolean },
  from: { userId: number; name: string },
  hoursAgo: number,
): Promise<DemoNotice[]> {
  const row = await db
    .selectFrom('emails')
    .select(['id', 'parent_id', 'subject'])
    .where('tenant_id', '=', tenantId)
    .where('to_user_id', '=', to.userId)
    .where('from_user_id', '=', from.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return [];
  const thread = row.parent_id ?? row.id;
  return [
    {
      userId: to.userId,
      kind: 'message',
      title: `New message from ${from.name}`,
      body: row.subject,
      link: to.coach ? `/coach/messages/${thread}` : `/messages/thread/${thread}`,
      hoursAgo,
      read: false,
    },
  ];
}

export async function seedNotifications(db: Kysely<Database>, seed: NotificationsSeed): Promise<void> {
  const { tenantId, coachUserId, clientId, basicId, coachName, at } = seed;
  const people = [coachUserId, clientId, basicId];
  const any = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', 'in', people)
    .limit(1)
    .executeTakeFirst();
  if (any) return;

  const client = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const clientName = `${client.first_name} ${client.last_name}`;
  const notices: DemoNotice[] = [];

  const coach = { userId: coachUserId, name: coachName };
  notices.push(...(await messageNotice(db, tenantId, { userId: clientId, coach: false }, coach, 2)));
  notices.push({
    userId: clientId,
    kind: 'file',
    title: `${coachName} shared a file`,
    body: null,
    link: '/resources',
    hoursAgo: 30,
    read: true,
  });
  const lesson = await db
    .selectFrom('user_groups as ug')
    .innerJoin('member_group_lessons as m', 'm.group_id', 'ug.group_id')
    .innerJoin('lessons as l', 'l.id', 'm.lesson_id')
    .select(['ug.id as membership', 'ug.group_id', 'l.id as lesson_id', 'l.title'])
    .where('ug.user_id', '=', clientId)
    .where('ug.status', '=', 'active')
    .where('l.published', '=', true)
    .orderBy('m.lesson_order', 'desc')
    .executeTakeFirst();
  if (lesson)
    notices.push({
      userId: clientId,
      kind: 'lesson',
      title: 'A new lesson is published',
      body: lesson.title,
      link: `/groups/${lesson.group_id}/${lesson.membership}/lesson/${lesson.lesson_id}`,
      hoursAgo: 5,
      read: false,
    });

  notices.push(...(await messageNotice(db, tenantId, { userId: basicId, coach: false }, coach, 3)));
  const fromClient = { userId: clientId, name: clientName };
  notices.push(...(await messageNotice(db, tenantId, { userId: coachUserId, coach: true }, fromClient, 1)));
  const booked = await db
    .selectFrom('meetings')
    .select(['title'])
    .where('coach_id', '=', seed.coachId)
    .where('client_id', '=', clientId)
    .where('booked_by', '=', 'client')
    .orderBy('starts_at')
    .executeTakeFirst();
  if (booked)
    notices.push({
      userId: coachUserId,
      kind: 'meeting',
      title: `${clientName} booked a meeting`,
      body: booked.title,
      link: '/coach/schedule',
      hoursAgo: 20,
      read: true,
    });

  if (notices.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      // Oldest first, so the ids run in time order as the bell lists them.
      notices
        .sort((a, b) => b.hoursAgo - a.hoursAgo)
        .map((n) => {
          const created = new Date(+at - n.hoursAgo * HOUR);
          return {
            tenant_id: tenantId,
            user_id: n.userId,
            kind: n.kind,
            title: n.title,
            body: n.body,
            link: n.link,
            created_at: created,
            read_at: n.read ? new Date(+created + HOUR / 2) : null,
          };
        }),
    )
    .execute();
}
