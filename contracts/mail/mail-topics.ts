import type { NotificationKind } from '../notifications.js';

// The notifications a client may choose to get by mail or not (My Profile). The one-time password, the sign-in
// link and the password reset have no topic: they always go.
export const MAIL_TOPICS = ['messages', 'files', 'meetings', 'group_sessions'] as const;

export type MailTopic = (typeof MAIL_TOPICS)[number];

/** The kind of contracts/notifications.ts each topic is: My Profile's mail card sets that kind's mail channel. */
export const TOPIC_KIND = {
  messages: 'message',
  files: 'file',
  meetings: 'meeting',
  group_sessions: 'group_session',
} as const satisfies Record<MailTopic, NotificationKind>;
