// The bell of every role: a person's own notifications, newest first, their mark-read, and the shell's one poll
// (the bell's count beside the unread messages'). Every statement is bounded by the caller's user and tenant, so
// another person's ids are never read or marked, whatever the request names.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Actor } from '../access/scope.js';
import { countUnreadEmails } from '../users/user-repository.js';
import type {
  Badge,
  MarkRead,
  NotificationsPage,
  NotificationsQuery,
} from '../../../../contracts/rest/notifications.js';

const PAGE = 30;

const own = (db: Kysely<Database>, actor: Actor) =>
  db.selectFrom('notifications').where('user_id', '=', actor.userId).where('tenant_id', '=', actor.tenantId);

async function unread(db: Kysely<Database>, actor: Actor) {
  const row = await own(db, actor)
    .where('read_at', 'is', null)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function createNotificationCentre(db: Kysely<Database>, now: () => Date) {
  return {
    async list(actor: Actor, query: NotificationsQuery): Promise<NotificationsPage> {
      const limit = query.limit ?? PAGE;
      let rows = own(db, actor)
        .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
        .orderBy('id', 'desc')
        .limit(limit + 1);
      if (query.before !== undefined) rows = rows.where('id', '<', query.before);
      const found = await rows.execute();
      const items = found.slice(0, limit).map((r) => ({
        ...r,
        created_at: new Date(r.created_at).toISOString(),
        read_at: r.read_at === null ? null : new Date(r.read_at).toISOString(),
      }));
      return { items, next_before: found.length > limit ? items[items.length - 1]!.id : null };
    },

    /** Marks the caller's own notifications read; the answer is what is still unread. */
    async markRead(actor: Actor, which: MarkRead) {
      let update = db
        .updateTable('notifications')
        .set({ read_at: now() })
        .where('user_id', '=', actor.userId)
        .where('tenant_id', '=', actor.tenantId)
        .where('read_at', 'is', null);
      if ('ids' in which) update = update.where('id', 'in', which.ids);
      await update.execute();
      return { unread: await unread(db, actor) };
    },

    /** The shell's one poll: the bell's unread count and the messages' (an admin has no mailbox). */
    async badge(actor: Actor): Promise<Badge> {
      const [notifications, messages] = await Promise.all([
        unread(db, actor),
        actor.role === 'admin' ? 0 : countUnreadEmails(db, actor),
      ]);
      return { notifications, messages };
    },
  };
}
