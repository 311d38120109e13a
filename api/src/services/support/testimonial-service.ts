// Testimonials a client agrees to have published: without the consent box ticked nothing is stored.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { reserve } from '../limits/limits.js';
import { insertSubmission } from './support-repository.js';

interface TestimonialInput {
  testimonial: string;
  display_name: string;
  consent: boolean;
}

export function createTestimonialService(db: Kysely<Database>, now: () => Date) {
  return {
    async add(owner: Actor, requestId: string, input: TestimonialInput) {
      // The schema requires a boolean; only `true` is consent, and it is the client's to give, not a default.
      if (!input.consent)
        throw new FieldError({ consent: ['Agree to the publication of your testimonial to send it.'] });
      const at = now();
      const row = await reserve(db, 'testimonials', owner, at, (trx) =>
        insertSubmission(trx, owner, 'testimonials', {
          request_id: requestId,
          testimonial: input.testimonial.trim(),
          display_name: input.display_name.trim(),
          consented_at: at,
          created_at: at,
        }),
      );
      return { id: row.id, created_at: row.created_at.toISOString() };
    },
  };
}
