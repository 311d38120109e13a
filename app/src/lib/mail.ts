/**
 * A mailbox message as the API answers it (GraphQL's Email and the coach's REST calls alike), and what a
 * message form sends: the client's and the coach's mailboxes write and show messages the same way.
 */
interface MailUser {
  id: number;
  first_name: string;
  last_name: string;
}

export interface Attachment {
  id: number;
  name: string;
  size: number;
  type: string;
}

export interface Email {
  id: number;
  /** The thread's first message; null on that first message itself. */
  parent: number | null;
  /** The message this one answers; null on a thread's first message. */
  previous: number | null;
  from: number;
  to: number;
  fromuser: MailUser;
  touser: MailUser;
  subject: string;
  /** HTML, sanitised by the server; the app sanitises it again before rendering. */
  body: string;
  /** For the caller as recipient; what the caller sent is always read. */
  read: boolean;
  attachments: Attachment[];
  created_at: string;
  updated_at: string;
}

/** What a message form sends: the subject, the body as HTML and the ids of its uploaded files. */
export interface Letter {
  subject: string;
  body: string;
  /** Ids from /upload/mail. */
  attachments: number[];
}

/** The fields whose refusals a message form shows beside them; `to` is the recipient. */
export type LetterField = 'subject' | 'body' | 'attachments' | 'to';

/** Everything under this key is the user's mailbox: one invalidation reconciles lists, threads and the badge. */
export const mailboxKey = (userId: number) => ['messages', userId] as const;

/** The shell's badge (./badge.ts: the unread messages and notifications), which reading a thread changes. */
export const unreadMailKey = (userId: number) => [...mailboxKey(userId), 'unread'] as const;
