// Testimonials a client agrees to have published: without the consent box ticked nothing is stored.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { recordEvent } from '../events/record-event.js';
import { reserve } from '../limits/limits.js';
import type { CoachNotice } from './coach-notice.js';
import { insertSubmission } from './support-repository.js';

interface TestimonialInput {
  testimonial: string;
  display_name: string;
  consent: boolean;
}

export function createTestimonialService(db: Kysely<Database>, now: () => Date, tellCoach: CoachNotice) {
  return {
    async add(tenant: Tenant, owner: Actor, requestId: string, input: TestimonialInput) {
      // The schema requires a boolean; only `true` is consent, and it is the client's to give, not a default.
      if (!input.consent)
        throw new FieldError({ consent: ['Agree to the publication of your testimonial to send it.'] });
      const at = now();
      const displayName = input.display_name.trim();
      const text = input.testimonial.trim();
      const row = await reserve(db, 'testimonials', owner, at, async (trx) => {
        const stored = await insertSubmission(trx, owner, 'testimonials', {
          request_id: requestId,
          testimonial: text,
          display_name: displayName,
          consented_at: at,
          created_at: at,
        });
        // The name it is to be published under; the text itself is read in the portal.
        await recordEvent(trx, owner.tenantId, 'testimonial.created', {
          testimonial_id: stored.id,
          user_id: owner.userId,
          display_name: displayName,
          created_at: at.toISOString(),
        });
        return stored;
      });
      await tellCoach(tenant, owner, { kind: 'testimonials', summary: text, text });
      return { id: row.id, created_at: row.created_at.toISOString() };
    },
  };
}
