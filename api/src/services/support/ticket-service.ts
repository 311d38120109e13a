// Support tickets from the /help form: stored with the user, the tenant and the request id the caller was
// answered under; support reads them from the table (the log only says that a ticket arrived).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Actor } from '../access/scope.js';
import { recordEvent } from '../events/record-event.js';
import { reserve } from '../limits/limits.js';
import { insertSubmission } from './support-repository.js';

export const ticketCategories = ['general', 'technical', 'account', 'billing', 'coaching'] as const;

interface TicketInput {
  subject: string;
  message: string;
  category?: (typeof ticketCategories)[number];
}

export function createTicketService(db: Kysely<Database>, now: () => Date) {
  return {
    async file(owner: Actor, requestId: string, input: TicketInput) {
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
      return { id: row.id, ...ticket, created_at: row.created_at.toISOString() };
    },
  };
}
