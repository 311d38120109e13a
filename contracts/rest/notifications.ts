// The notification centre (issue 37): the bell's list and its mark-read, the shell's one poll (the bell's count
// and the unread messages' count in one answer, so the shell still makes one request), each person's channels per
// kind (contracts/notifications.ts) with their quiet hours, and the one-click unsubscribe of a mail's link, which
// needs no sign-in: its signed token names the person and the kind.
import type { FromSchema } from 'json-schema-to-ts';
import { NOTIFICATION_KIND_NAMES } from '../notifications.js';
import { dateTime, id, list } from './client.js';
import { boolean, closed, integer, line, nullableString, singleLine, string } from './pieces.js';

export const notificationKind = { type: 'string', enum: NOTIFICATION_KIND_NAMES, ...singleLine } as const;

/** One line of the bell's list; `link` is the app's page it opens for its reader (a path). */
export const notification = closed({
  id: integer,
  kind: notificationKind,
  title: string,
  body: nullableString,
  link: string,
  created_at: dateTime,
  /** Null while unread. */
  read_at: { type: ['string', 'null'], format: 'date-time' },
});

/** The querystring of the list: `before` is the previous page's `next_before` (older than that id). */
export const notificationsQuery = closed(
  { before: id, limit: { type: 'integer', minimum: 1, maximum: 100 } },
  [],
);
/** Newest first; `next_before` is null on the last page. */
export const notificationsPage = closed({
  items: list(notification),
  next_before: { type: ['integer', 'null'] },
});

/** Mark these of the caller's notifications read (ids of anyone else's are ignored), or all of them. */
export const markRead = {
  oneOf: [
    closed({ ids: { type: 'array', items: id, minItems: 1, maxItems: 500, uniqueItems: true } }),
    closed({ all: { const: true } }),
  ],
} as const;
export const unreadCount = closed({ unread: integer });

/**
 * The shell's one poll, for every role: the bell's unread count and the messages' (a client's unread mailbox
 * messages, as GraphQL's unreademails counts them; a coach's unread messages from clients; 0 for an admin).
 */
export const badge = closed({ notifications: integer, messages: integer });

/** HH:mm, 24-hour clock, in the person's own zone (00:00 to 23:59, as tenant.json's quietHours). */
export const quietClock = line(5, {
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  mismatch: 'Give a time as HH:mm, for example 21:00.',
});
export const quietHours = closed({ from: quietClock, to: quietClock });
const quietHoursAnswer = closed({ from: string, to: string });

/** A channel on or off; null: the kind never uses it (contracts/notifications.ts `never`), so no switch. */
const channelSwitch = { type: ['boolean', 'null'] } as const;
export const kindChannels = closed({ in_app: channelSwitch, mail: channelSwitch, push: channelSwitch });

/** The preferences page: each kind the caller's role receives, its channels, and the quiet hours. */
export const notificationPreferences = closed(
  {
    kinds: list(closed({ kind: notificationKind, label: string, channels: kindChannels })),
    /** The person's own quiet hours; null: the tenant's. */
    quiet_hours: { anyOf: [{ type: 'null' }, quietHoursAnswer] },
    tenant_quiet_hours: quietHoursAnswer,
    /** A coach's morning summary mail (coaches only). */
    morning_summary: boolean,
  },
  ['kinds', 'quiet_hours', 'tenant_quiet_hours'],
);

/**
 * What the page saves: the kinds it changes (a kind the role does not receive, or a switch on a channel the kind
 * never uses, is a 422), the quiet hours (null: back to the tenant's), and a coach's morning summary.
 */
export const preferencesChange = closed(
  {
    kinds: {
      type: 'array',
      maxItems: NOTIFICATION_KIND_NAMES.length,
      items: closed({ kind: notificationKind, channels: kindChannels }),
    },
    quiet_hours: { anyOf: [{ type: 'null' }, quietHours] },
    morning_summary: boolean,
  },
  [],
);

/** An unsubscribe link's token: opaque, signed by the API. */
export const unsubscribeToken = closed({
  token: line(300, { minLength: 20, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' }),
});
/** The public unsubscribe page: which mails it stops, and to whom they went (masked). */
export const unsubscribePage = closed({ kind: notificationKind, label: string, email_masked: string });
/** After the one click: that kind's mails are off for that person (nothing else changed). */
export const unsubscribed = closed({ kind: notificationKind, label: string, mail: { const: false } });
/** RFC 8058's one-click body (form-encoded by mail clients); the app's page may send nothing. */
export const oneClickBody = closed(
  { 'List-Unsubscribe': { type: 'string', const: 'One-Click', ...singleLine } },
  [],
);

export type Notification = FromSchema<typeof notification>;
export type NotificationsQuery = FromSchema<typeof notificationsQuery>;
export type NotificationsPage = FromSchema<typeof notificationsPage>;
export type MarkRead = FromSchema<typeof markRead>;
export type Badge = FromSchema<typeof badge>;
export type QuietHours = FromSchema<typeof quietHours>;
export type KindChannels = FromSchema<typeof kindChannels>;
export type NotificationPreferences = FromSchema<typeof notificationPreferences>;
export type PreferencesChange = FromSchema<typeof preferencesChange>;
export type UnsubscribePage = FromSchema<typeof unsubscribePage>;
export type Unsubscribed = FromSchema<typeof unsubscribed>;
