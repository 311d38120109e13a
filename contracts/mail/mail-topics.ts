// The notifications a client may choose to get by mail or not (My Profile). The one-time password, the sign-in
// link and the password reset have no topic: they always go.
export const MAIL_TOPICS = ['messages', 'files', 'meetings', 'group_sessions'] as const;

export type MailTopic = (typeof MAIL_TOPICS)[number];
