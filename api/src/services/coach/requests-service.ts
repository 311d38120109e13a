// The coach's requests: their clients' tickets, testimonials and referrals in one list, newest first, each with
// where the coach is with it; a change of status (or of a testimonial's approval) and an optional answer the
// client gets by mail. Another coach's client's row, another tenant's or no row is the same 404, unchanged.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import type { Mailer } from '../mail/mailer.js';
import { findPeople } from '../mailbox/mailbox-repository.js';
import { requestReplyMail } from '../mailbox/coach-mail.js';
import { requestsOf, updateRequest } from './requests-repository.js';
import type { RequestChange, RequestTable } from './requests-repository.js';

/** The kinds as the URL names them, their tables and the word the client's mail uses. */
const kinds = {
  tickets: { table: 'support_tickets', word: 'support request' },
  testimonials: { table: 'testimonials', word: 'testimonial' },
  referrals: { table: 'referrals', word: 'referral' },
} as const satisfies Record<string, { table: RequestTable; word: string }>;
type RequestKind = keyof typeof kinds;
export const requestKinds = Object.keys(kinds) as RequestKind[];

export function createRequestsService(deps: { db: Kysely<Database>; now: () => Date; mailer: Mailer }) {
  const { db, now, mailer } = deps;

  async function list(coach: Actor) {
    const all = await Promise.all(
      requestKinds.map(async (kind) =>
        (await requestsOf(db, coach, kinds[kind].table, false)).map((r) => ({
          kind,
          id: r.id,
          client: { id: r.client_id, first_name: r.first_name, last_name: r.last_name },
          summary: r.summary,
          text: r.text,
          status: r.status,
          approved: r.approved,
          created_at: r.created_at.toISOString(),
          status_changed_at: r.status_changed_at?.toISOString() ?? null,
        })),
      ),
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
      const changed = await updateRequest(db, coach, table, id, input, now());
      if (!changed) throw new HttpError(404, 'Request not found.');
      const shown = (await list(coach)).find((r) => r.kind === kind && r.id === id)!;
      if (input.reply !== undefined) {
        const people = await findPeople(db, coach.tenantId, [coach.userId, changed.user_id]);
        const from = people.find((p) => p.id === coach.userId);
        const to = people.find((p) => p.id === changed.user_id);
        if (from && to)
          await mailer.send(
            requestReplyMail(tenant, from, to, { kind: word, summary: shown.summary, reply: input.reply }),
          );
      }
      return shown;
    },
  };
}
