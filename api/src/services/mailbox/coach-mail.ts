// The mails that tell a coach what a client did (wrote to them, or sent them files), and a client what their
// coach did (wrote, sent files). Plain text only, so nothing
// the client typed becomes markup in the coach's inbox; every header value is one line (nodemailer encodes it,
// and line breaks are replaced here as well), so no field can add a header or a recipient.
import type { Tenant } from '../../db/database.js';
import { replaceControl } from '../../plain-text.js';
import type { MailMessage } from '../../../../schemas/mail-message.js';
import { bodyText } from './sanitize-body.js';

interface Person {
  first_name: string;
  last_name: string;
  email: string;
}

const oneLine = (value: string) => replaceControl(value, ' ').trim();

/** A notice from the tenant's no-reply address to the coach, about what `from` did. */
function notice(
  tenant: Tenant,
  from: Person,
  to: Person,
  write: (name: string) => { subject: string; lines: string[] },
): MailMessage {
  const { subject, lines } = write(oneLine(`${from.first_name} ${from.last_name}`));
  return {
    from: `"${oneLine(tenant.name).replace(/["\\]/g, '')}" <no-reply@${tenant.domain}>`,
    to: to.email,
    subject: oneLine(subject),
    text: lines.join('\n'),
  };
}

/** A message as its notice quotes it; `thread` is its thread's first message, which the coach's link opens. */
export interface Message {
  subject: string;
  body: string;
  thread: number;
}

/** A client wrote to their coach: the link opens the thread in the coach's workspace. */
export function coachMail(tenant: Tenant, from: Person, to: Person, message: Message): MailMessage {
  return notice(tenant, from, to, (name) => ({
    subject: `New message from ${name}: ${message.subject}`,
    lines: [
      `${name} wrote to you in ${tenant.name}:`,
      '',
      bodyText(message.body),
      '',
      `Read and answer it in your workspace: https://${tenant.domain}/coach/messages/${message.thread}`,
    ],
  }));
}

/** A coach wrote to a client: the link opens the client's messages. */
export function clientMail(tenant: Tenant, from: Person, to: Person, message: Message): MailMessage {
  return notice(tenant, from, to, (name) => ({
    subject: `New message from ${name}: ${message.subject}`,
    lines: [
      `${name}, your coach, wrote to you in ${tenant.name}:`,
      '',
      bodyText(message.body),
      '',
      `Read and answer it in the portal: https://${tenant.domain}/messages`,
    ],
  }));
}

/** Who is told of a sending: the coach of a client's files, or a client of their coach's (SPEC §7 /resources). */
const filesWording = {
  coach: { by: (name: string) => name, where: "the client's files" },
  client: { by: (name: string) => `${name}, your coach,`, where: "your company's files" },
} as const;

/** A sending of files (and a description) through /resources, told to the other party. */
export function filesMail(
  tenant: Tenant,
  from: Person,
  to: Person,
  sent: { description: string; files: { name: string }[] },
  told: keyof typeof filesWording,
): MailMessage {
  const count = sent.files.length;
  const what = count === 0 ? 'a note' : count === 1 ? 'a file' : `${count} files`;
  const { by, where } = filesWording[told];
  return notice(tenant, from, to, (name) => ({
    subject: `${name} sent you ${what}`,
    lines: [
      `${by(name)} sent you ${what} in ${tenant.name}:`,
      '',
      ...sent.files.map((file) => `- ${oneLine(file.name)}`),
      ...(sent.description ? [...(count ? [''] : []), sent.description] : []),
      '',
      `They are with ${where} in the portal: https://${tenant.domain}/resources`,
    ],
  }));
}

/** A coach answers a client's ticket, testimonial or referral by mail; the subject names the tenant. */
export function requestReplyMail(
  tenant: Tenant,
  from: Person,
  to: Person,
  request: { kind: string; summary: string; reply: string },
): MailMessage {
  return notice(tenant, from, to, (name) => ({
    subject: `${tenant.name}: ${name} answered your ${request.kind}`,
    lines: [
      `${name}, your coach, answered your ${request.kind} in ${tenant.name}`,
      `("${oneLine(request.summary).slice(0, 80)}"):`,
      '',
      request.reply,
      '',
      `Write back in the portal: https://${tenant.domain}/messages`,
    ],
  }));
}
