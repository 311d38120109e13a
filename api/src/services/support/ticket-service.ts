// Support tickets from the /help form: stored with the user, the tenant and the request id the caller was
// answered under; the client's coach is mailed, and reads and answers them on their Requests page.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import type { Actor } from '../access/scope.js';
import { recordEvent } from '../events/record-event.js';
import { reserve } from '../limits/limits.js';
import type { CoachNotice } from './coach-notice.js';
import { answersOf } from '../coach/requests-repository.js';
import { shapeAnswers } from '../coach/requests-service.js';
import { insertSubmission, ticketsOf } from './support-repository.js';
import type { ticketCategories } from '../../../../contracts/rest/support.js';

interface TicketInput {
  subject: string;
  message: string;
  category?: (typeof ticketCategories)[number];
}

export function createTicketService(db: Kysely<Database>, now: () => Date, tellCoach: CoachNotice) {
  return {
    /** The caller's tickets, newest first, each with its status and their coach's answers (/help). */
    async list(owner: Actor) {
      const rows = await ticketsOf(db, owner);
      const answers = await answersOf(
        db,
        owner,
        'tickets',
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        id: r.id,
        category: r.category,
        subject: r.subject,
        message: r.message,
        status: r.status,
        created_at: r.created_at.toISOString(),
        status_changed_at: r.status_changed_at?.toISOString() ?? null,
        answers: shapeAnswers(answers, r.id),
      }));
    },

    async file(tenant: Tenant, owner: Actor, requestId: string, input: TicketInput) {
      const at = now();
      const ticket = {
        category: input.category ?? 'general',
        subject: input.subject.trim(),
        message: input.message.trim(),
      };
      const row = await reserve(db, 'tickets', owner, at, async (trx) => {
        const stored = await insertSubmission(trx, owner, 'support_tickets', {
          request_id: requestId,
          created_at: at,
          ...ticket,
        });
        // The category routes it in a help desk; subject and message stay in the portal.
        await recordEvent(trx, owner.tenantId, 'ticket.created', {
          ticket_id: stored.id,
          user_id: owner.userId,
          category: ticket.category,
          created_at: at.toISOString(),
        });
        return stored;
      });
      await tellCoach(tenant, owner, { kind: 'tickets', summary: ticket.subject, text: ticket.message });
      return { id: row.id, ...ticket, created_at: row.created_at.toISOString() };
    },
  };
}
