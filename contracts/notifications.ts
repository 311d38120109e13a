// What the portal tells a person, and how: one catalogue of notification kinds, read by the API (which records a
// notification, mails it and pushes it on the channels its recipient keeps on), the app (the bell, the list and
// the preferences page) and tenant.json's notifications.channels (which names the same kinds). A new kind is its
// entry here, the kind in tenant.schema.json's channels, and the service that raises it.

export const CHANNELS = ['in_app', 'mail', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

type Role = 'client' | 'coach' | 'admin';

interface KindInfo {
  /** The preferences page's line for it. */
  label: string;
  /** Who can receive it: the preferences page lists only these kinds for a role. */
  roles: readonly Role[];
  /** The channels it uses until the tenant (tenant.json) or the person chooses. */
  channels: readonly Channel[];
  /** Channels this kind never uses (a summary is a mail; a reminder of steps has no in-app line of its own). */
  never?: readonly Channel[];
}

export const NOTIFICATION_KINDS = {
  message: {
    label: 'New messages',
    roles: ['client', 'coach'],
    channels: ['in_app', 'mail', 'push'],
  },
  file: {
    label: 'Files shared with you',
    roles: ['client', 'coach'],
    channels: ['in_app', 'mail', 'push'],
  },
  meeting: {
    label: 'Meetings booked, moved or cancelled',
    roles: ['client', 'coach'],
    channels: ['in_app', 'mail', 'push'],
  },
  group_session: {
    label: 'Group sessions scheduled or changed',
    roles: ['client'],
    channels: ['in_app', 'mail', 'push'],
  },
  ticket: {
    label: 'Answers to your support requests',
    roles: ['client'],
    channels: ['in_app', 'mail', 'push'],
  },
  lesson: {
    label: 'New lessons published',
    roles: ['client'],
    channels: ['in_app', 'push'],
  },
  request: {
    label: 'New requests from your clients',
    roles: ['coach'],
    channels: ['in_app', 'push'],
  },
  recap: {
    label: 'Meeting recaps shared with you, and comments on them',
    roles: ['client', 'coach'],
    channels: ['in_app', 'mail', 'push'],
  },
  meeting_reminder: {
    label: 'Reminders before meetings',
    roles: ['client', 'coach'],
    channels: ['mail', 'push'],
  },
  steps_digest: {
    label: 'Action steps due tomorrow or overdue',
    roles: ['client'],
    channels: ['mail', 'push'],
  },
  morning_summary: {
    label: "A morning summary of your day's meetings, messages and requests",
    roles: ['coach'],
    channels: [],
    never: ['in_app', 'push'],
  },
  form: {
    label: 'Forms still to fill before their due date',
    roles: ['client'],
    channels: ['in_app', 'mail', 'push'],
  },
  payment: {
    label: 'A payment of your subscription or plan that failed',
    roles: ['client'],
    channels: ['in_app', 'mail', 'push'],
  },
  agreement: {
    label: 'Coaching agreements waiting for your signature',
    roles: ['client'],
    channels: ['in_app', 'mail', 'push'],
  },
  goal: {
    label: 'Goals completed',
    roles: ['client', 'coach'],
    channels: ['in_app', 'push'],
    never: ['mail'],
  },
} as const satisfies Record<string, KindInfo>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
