// The mails that tell a coach what a client did (wrote to them, or sent them files), and a client what their
// coach did (wrote, sent files, answered a request), in the tenant's brand (templates/mail/). Every value is
// escaped in the HTML, so nothing the client typed becomes markup in the coach's inbox; the subject is one line
// (the renderer replaces line breaks), so no field can add a header or a recipient. Each is a notification of a
// topic its recipient may turn off.
import type { Tenant } from '../../db/database.js';
import { replaceControl } from '../../plain-text.js';
import type { MailDraft } from '../mail/mail-draft.js';
import { bodyText } from './sanitize-body.js';

interface Person {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

const oneLine = (value: string) => replaceControl(value, ' ').trim();

const nameOf = (person: Person) => oneLine(`${person.first_name} ${person.last_name}`);

/** A message as its notice quotes it; `thread` is its thread's first message, which the coach's link opens. */
export interface Message {
  subject: string;
  body: string;
  thread: number;
}

/** A message told to the other party: the kind says who wrote (client or coach), `path` what the link opens. */
function messageMail(
  tenant: Tenant,
  kind: 'coach-message' | 'client-message',
  from: Person,
  to: Person,
  message: Message,
  path: string,
): MailDraft {
  return {
    tenant,
    kind,
    to: to.email,
    notice: { userId: to.id, kind: 'message' },
    values: {
      sender: nameOf(from),
      subject: message.subject,
      body: bodyText(message.body),
      link: `https://${tenant.domain}${path}`,
    },
  };
}

/** A client wrote to their coach: the link opens the thread in the coach's workspace. */
export const coachMail = (tenant: Tenant, from: Person, to: Person, message: Message): MailDraft =>
  messageMail(tenant, 'coach-message', from, to, message, `/coach/messages/${message.thread}`);

/** A coach wrote to a client: the link opens the client's messages. */
export const clientMail = (tenant: Tenant, from: Person, to: Person, message: Message): MailDraft =>
  messageMail(tenant, 'client-message', from, to, message, '/messages');

/** A sending of files (and a description) through /resources, told to the other party (SPEC §7 /resources). */
export function filesMail(
  tenant: Tenant,
  from: Person,
  to: Person,
  sent: { description: string; files: { name: string }[] },
  told: 'coach' | 'client',
): MailDraft {
  const count = sent.files.length;
  return {
    tenant,
    kind: 'files',
    to: to.email,
    notice: { userId: to.id, kind: 'file' },
    values: {
      sender: nameOf(from),
      fromCoach: told === 'client',
      what: count === 0 ? 'a note' : count === 1 ? 'a file' : `${count} files`,
      files: sent.files.map((file) => ({ name: oneLine(file.name) })),
      description: sent.description,
      link: `https://${tenant.domain}/resources`,
    },
  };
}

/**
 * A client sent a ticket, testimonial or referral: their coach is told what it says, and the link opens that
 * kind on the coach's Requests page.
 */
export function requestMail(
  tenant: Tenant,
  from: Person,
  to: Person,
  request: { kind: string; word: string; summary: string; text: string },
): MailDraft {
  return {
    tenant,
    kind: 'coach-request',
    to: to.email,
    notice: { userId: to.id, kind: 'message' },
    values: {
      sender: nameOf(from),
      request: request.word,
      summary: oneLine(request.summary).slice(0, 80),
      text: request.text,
      link: `https://${tenant.domain}/coach/requests?kind=${request.kind}`,
    },
  };
}

/**
 * A coach answers a client's ticket, testimonial or referral by mail; the subject names the tenant, and the link
 * opens `path` (/help, where a ticket's answers are kept, or the messages).
 */
export function requestReplyMail(
  tenant: Tenant,
  from: Person,
  to: Person,
  request: { kind: string; summary: string; reply: string; path: string },
): MailDraft {
  return {
    tenant,
    kind: 'request-reply',
    to: to.email,
    notice: { userId: to.id, kind: 'message' },
    values: {
      sender: nameOf(from),
      request: request.kind,
      summary: oneLine(request.summary).slice(0, 80),
      reply: request.reply,
      link: `https://${tenant.domain}${request.path}`,
    },
  };
}
