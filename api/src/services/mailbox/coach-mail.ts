// The mail that tells a coach a client wrote to them. Plain text only, so nothing the client typed becomes
// markup in the coach's inbox; every header value is one line (nodemailer encodes it, and line breaks are
// replaced here as well), so no field can add a header or a recipient.
import type { Tenant } from '../../db/database.js';
import type { MailMessage } from '../mail/mailer.js';
import { bodyText } from './sanitize-body.js';

interface Person {
  first_name: string;
  last_name: string;
  email: string;
}

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

export function coachMail(
  tenant: Tenant,
  from: Person,
  to: Person,
  subject: string,
  body: string,
): MailMessage {
  const name = oneLine(`${from.first_name} ${from.last_name}`);
  return {
    from: `"${oneLine(tenant.name).replace(/["\\]/g, '')}" <no-reply@${tenant.domain}>`,
    to: to.email,
    subject: oneLine(`New message from ${name}: ${subject}`),
    text: [
      `${name} wrote to you in ${tenant.name}:`,
      '',
      bodyText(body),
      '',
      `Read and answer it in the portal: https://${tenant.domain}/messages`,
    ].join('\n'),
  };
}
