// The demo inbox: client@ gets a thread with their coach worth reading (messages both ways, a PDF attached,
// the last answer unread) and a few other messages, read and unread; basic@ gets one unread welcome. The
// attachment is a real one-page PDF written to the storage, so opening it in the portal works, and every link
// leads to a page of the portal or a real public page.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { sanitizeBody } from '../services/mailbox/sanitize-body.js';
import type { Storage } from '../services/storage/storage.js';
import { randomKey } from '../services/storage/storage.js';
import type { DemoSet } from './sets/demo-set.js';
import { workingDay, zonedTime } from './working-days.js';

interface MailboxSeed {
  tenantId: number;
  coachUserId: number;
  clientId: number;
  firstName: string;
  full: boolean;
  at: Date;
  set: DemoSet;
}

interface DemoMail {
  /** Days before the seed's time. */
  daysAgo: number;
  fromClient: boolean;
  subject: string;
  body: string;
  read: boolean;
  /** Part of the thread (answers the message before it). */
  reply?: boolean;
  pdf?: string;
}

const welcome: DemoMail = {
  daysAgo: 21,
  fromClient: false,
  subject: 'Welcome to your coaching portal',
  body: '<p>Hi {first},</p><p>your schedule, notes and action steps live here from now on. Have a look around before our first session.</p>',
  read: true,
};

/** client@'s mail; {first} is the client's first name, the rest comes from the demo business (set.mail). */
const inbox = (set: DemoSet): DemoMail[] => [
  welcome,
  {
    daysAgo: 9,
    fromClient: false,
    subject: 'Cash-flow plan for the next quarter',
    body: '<p>Hi {first},</p><p>as promised, the cash-flow plan we sketched in our last session is attached. Could you fill in the <strong>expected payroll</strong> for each month?</p>',
    read: true,
    pdf: 'Cash-flow plan.pdf',
  },
  {
    daysAgo: 8,
    fromClient: true,
    reply: true,
    subject: 'Re: Cash-flow plan for the next quarter',
    body: `<p>Thanks! Payroll is in. The second month looks tight because of ${set.mail.bigCost}. Should I move the supplier payment?</p>`,
    read: true,
  },
  {
    daysAgo: 7,
    fromClient: false,
    reply: true,
    subject: 'Re: Cash-flow plan for the next quarter',
    body: '<p>Good catch. Ask the supplier for 45-day terms first; if they say no, we will look at a short credit line.</p><ul><li>Call them this week</li><li>Note their answer in <a href="/action-steps">your action steps</a></li></ul>',
    read: true,
  },
  {
    daysAgo: 5,
    fromClient: true,
    reply: true,
    subject: 'Re: Cash-flow plan for the next quarter',
    body: '<p>They agreed to 45 days. I have updated the plan.</p>',
    read: true,
  },
  {
    daysAgo: 4,
    fromClient: false,
    reply: true,
    subject: 'Re: Cash-flow plan for the next quarter',
    body: `<p>Excellent, that closes the gap. Let us use next session for the hiring plan. See <a href="${set.mail.guideUrl}">${set.mail.guideTitle}</a> before then.</p>`,
    read: false,
  },
  {
    daysAgo: 3,
    fromClient: false,
    subject: 'Notes from our last session',
    body: '<p>Hi {first}, I have added the notes from our last session to <a href="/notes">your notes</a>. The two action steps we agreed on are on <a href="/action-steps">your board</a>.</p>',
    read: true,
  },
  {
    daysAgo: 1,
    fromClient: false,
    subject: 'Agenda for our next session',
    body: '<p>Hi {first}, next time let us review the numbers from last month and plan the hiring conversation. The time is in <a href="/schedule">your schedule</a>.</p>',
    read: false,
  },
];

/** A valid one-page PDF showing one line of text (offsets computed, so any PDF reader opens it). */
export function onePagePdf(line: string): Buffer {
  const text = line.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export async function seedMailbox(db: Kysely<Database>, storage: Storage, seed: MailboxSeed): Promise<void> {
  const existing = await db
    .selectFrom('emails')
    .select('id')
    .where('to_user_id', '=', seed.clientId)
    .executeTakeFirst();
  if (existing) return;
  const mails = seed.full ? inbox(seed.set) : [{ ...welcome, read: false }];
  let thread: number | null = null;
  let previous: number | null = null;
  for (const [index, mail] of mails.entries()) {
    // Sent on working days in office hours; an hour later each, so two moved to the same day keep their order.
    const zone = seed.set.timeZone;
    const at = zonedTime(workingDay(seed.at, -mail.daysAgo, zone), 9 + index, 15, zone);
    const [from, to] = mail.fromClient
      ? [seed.clientId, seed.coachUserId]
      : [seed.coachUserId, seed.clientId];
    const row: { id: number } = await db
      .insertInto('emails')
      .values({
        tenant_id: seed.tenantId,
        parent_id: mail.reply ? thread : null,
        previous_id: mail.reply ? previous : null,
        from_user_id: from,
        to_user_id: to,
        subject: mail.subject,
        body: sanitizeBody(mail.body.replace('{first}', seed.firstName)),
        read: mail.read,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!mail.reply) thread = row.id;
    previous = row.id;
    if (mail.pdf) {
      const bytes = onePagePdf(`${mail.subject} - prepared for ${seed.firstName}`);
      const key = randomKey('mail');
      await storage.put(key, bytes, 'application/pdf');
      await db
        .insertInto('mail_attachments')
        .values({
          tenant_id: seed.tenantId,
          uploader_id: seed.coachUserId,
          email_id: row.id,
          object_key: key,
          name: mail.pdf,
          size: bytes.length,
          content_type: 'application/pdf',
          created_at: at,
        })
        .execute();
    }
  }
}
