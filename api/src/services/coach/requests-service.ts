// The coach's requests: their clients' tickets, testimonials and referrals in one list, newest first, each with
// where the coach is with it; a change of status (or of a testimonial's approval) and an optional answer the
// client gets by mail. Another coach's client's row, another tenant's or no row is the same 404, unchanged.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { assignedClient } from '../access/assigned-client.js';
import { recordEvent } from '../events/record-event.js';
import type { Actor } from '../access/scope.js';
import type { Mailer } from '../mail/mailer.js';
import { noticeParties } from '../mailbox/mailbox-repository.js';
import { requestReplyMail } from '../mailbox/coach-mail.js';
import { requestWords } from '../support/coach-notice.js';
import type { RequestKind } from '../support/coach-notice.js';
import { answersOf, insertAnswer, requestsOf, updateRequest } from './requests-repository.js';
import type { RequestChange, RequestTable } from './requests-repository.js';

/** The kinds as the URL names them, their tables and the word the mails use. */
const kinds = {
  tickets: { table: 'support_tickets', word: requestWords.tickets },
  testimonials: { table: 'testimonials', word: requestWords.testimonials },
  referrals: { table: 'referrals', word: requestWords.referrals },
} as const satisfies Record<RequestKind, { table: RequestTable; word: string }>;
export const requestKinds = Object.keys(kinds) as RequestKind[];

type AnswerRow = Awaited<ReturnType<typeof answersOf>>[number];

/** A request's answers, oldest first, as the coach's list and the client's /help show them. */
export const shapeAnswers = (answers: AnswerRow[], requestId: number) =>
  answers
    .filter((a) => a.request_id === requestId)
    .map((a) => ({
      body: a.body,
      created_at: a.created_at.toISOString(),
      coach: { first_name: a.first_name, last_name: a.last_name },
    }));

export function createRequestsService(deps: { db: Kysely<Database>; now: () => Date; mailer: Mailer }) {
  const { db, now, mailer } = deps;

  async function list(coach: Actor) {
    const all = await Promise.all(
      requestKinds.map(async (kind) => {
        const rows = await requestsOf(db, coach, kinds[kind].table, false);
        const answers = await answersOf(
          db,
          coach,
          kind,
          rows.map((r) => r.id),
        );
        return rows.map((r) => ({
          kind,
          id: r.id,
          client: { id: r.client_id, first_name: r.first_name, last_name: r.last_name },
          summary: r.summary,
          text: r.text,
          status: r.status,
          approved: r.approved,
          created_at: r.created_at.toISOString(),
          status_changed_at: r.status_changed_at?.toISOString() ?? null,
          answers: shapeAnswers(answers, r.id),
        }));
      }),
    );
    return all.flat().sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  }

  return {
    list,

    /** Changes the row, then mails the answer if there is one; answers the row as the list shows it. */
    async change(
      tenant: Tenant,
      coach: Actor,
      kind: RequestKind,
      id: number,
      input: RequestChange & { reply?: string | undefined },
    ) {
      if (input.approved !== undefined && kind !== 'testimonials')
        throw new FieldError({ approved: ['Only a testimonial is approved for publication.'] });
      const { table, word } = kinds[kind];
      const at = now();
      const changed = await updateRequest(db, coach, table, id, input, at);
      if (!changed) throw new HttpError(404, 'Request not found.');
      // Kept as well as mailed: the client reads it on /help, the coach's list shows it was answered.
      const reply = input.reply?.trim();
      if (reply) {
        const client = await assignedClient(db, coach, changed.user_id);
        await db.transaction().execute(async (trx) => {
          await insertAnswer(trx, coach, client, { kind, request_id: id, body: reply }, at);
          // A ticket's answer is an event (the client's bell hears it); the other kinds go to the conversation.
          if (kind === 'tickets')
            await recordEvent(trx, coach.tenantId, 'ticket.answered', {
              ticket_id: id,
              user_id: changed.user_id,
              coach_id: coach.userId,
              answered_at: at.toISOString(),
            });
        });
      }
      const shown = (await list(coach)).find((r) => r.kind === kind && r.id === id)!;
      const parties = reply
        ? await noticeParties(db, coach.tenantId, coach.userId, changed.user_id)
        : undefined;
      if (reply && parties) {
        const { from, to } = parties;
        // A ticket's answers are kept on /help; the other kinds are answered into the conversation.
        const path = kind === 'tickets' ? '/help' : '/messages';
        await mailer.send(
          requestReplyMail(tenant, from, to, { kind: word, summary: shown.summary, reply, path }),
        );
      }
      return shown;
    },
  };
}
