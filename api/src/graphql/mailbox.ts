// The mailbox's part of /gapi (SPEC §7 emails, markEmailRead, deleteEmails; sendEmail for compose and reply).
// Like member, every call takes a user_id and answers only for the caller; ids of messages that are not the
// caller's find nothing and change nothing (services/mailbox).
import { FieldError } from '../errors.js';
import type { Services } from '../services/index.js';
import { answer } from './answer.js';
import { owner } from './owner.js';
import type { MutationResolvers, QueryResolvers } from './schema-types.js';

export const mailboxTypeDefs = /* GraphQL */ `
  type EmailUser {
    id: Int!
    first_name: String!
    last_name: String!
  }

  type Attachment {
    id: Int!
    name: String!
    "Bytes."
    size: Int!
    "The type read from the file's content."
    type: String!
  }

  type Email {
    id: Int!
    "The thread's first message; null on that message itself."
    parent: Int
    "The message this one answers; null on a thread's first message."
    previous: Int
    from: Int!
    to: Int!
    fromuser: EmailUser!
    touser: EmailUser!
    subject: String!
    "HTML, sanitised by the server before it was stored (an allow-list of tags; no images)."
    body: String!
    "For the caller as recipient; messages the caller sent are read."
    read: Boolean!
    attachments: [Attachment!]!
    "ISO 8601 instants (UTC)."
    created_at: String!
    updated_at: String!
  }

  type EmailPage {
    items: [Email!]!
    total: Int!
    "null on the last page."
    next_offset: Int
  }

  enum Folder {
    inbox
    sent
  }

  extend type Query {
    "A folder newest first, or with thread (a thread's first message) that thread oldest first; limit 1..50."
    emails(
      user_id: Int!
      folder: Folder! = inbox
      thread: Int
      limit: Int! = 50
      offset: Int! = 0
    ): EmailPage!
  }

  type Mutation {
    "Marks the caller's received messages read (or unread); how many changed."
    markEmailRead(user_id: Int!, ids: [Int!]!, read: Boolean! = true): Int!
    "Hides the messages for the caller only (the other party keeps theirs); how many were hidden."
    deleteEmails(user_id: Int!, ids: [Int!]!): Int!
    "A reply to previous (to its other party, same thread), or a new message to the caller's coach."
    sendEmail(user_id: Int!, subject: String!, body: String!, previous: Int, attachments: [Int!]): Email!
  }
`;

/** At most this many ids per markEmailRead / deleteEmails call (a page is 50). */
const MAX_IDS = 100;

function ids(list: number[]): number[] {
  if (list.length > MAX_IDS) throw new FieldError({ ids: [`At most ${MAX_IDS} ids at once.`] });
  return list;
}

export const mailboxResolvers = (services: Services) => {
  const Query: Pick<QueryResolvers, 'emails'> = {
    emails: (_root, args, ctx) =>
      answer(() =>
        services.mailbox.list(owner(ctx, args.user_id), {
          folder: args.folder,
          thread: args.thread ?? undefined,
          limit: args.limit,
          offset: args.offset,
        }),
      ),
  };
  const Mutation: Pick<MutationResolvers, 'markEmailRead' | 'deleteEmails' | 'sendEmail'> = {
    markEmailRead: (_root, args, ctx) =>
      answer(() => services.mailbox.markRead(owner(ctx, args.user_id), ids(args.ids), args.read)),
    deleteEmails: (_root, args, ctx) =>
      answer(() => services.mailbox.remove(owner(ctx, args.user_id), ids(args.ids))),
    sendEmail: (_root, args, ctx) =>
      answer(() => services.mailbox.send(ctx.reply.request.tenant, owner(ctx, args.user_id), args)),
  };
  return { Query, Mutation };
};
