// Demo flash-coaching lessons for a client with the flag: two lessons on their latest assessment, the first
// open (access 1) and the second locked (access 0), so `npm start` shows both states. Idempotent: lessons are
// keyed by slug, progress records by assessment and path.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';

const lessons = [
  {
    slug: 'flash-pricing-for-profit',
    title: 'Pricing for Profit',
    short_desc: 'Ten minutes on raising prices without losing your best customers.',
    full_desc:
      '<p>Most owners under-price. This lesson walks through a <strong>value-based price review</strong>: list your ' +
      'three best-selling services, what each saves or earns the customer, and what the nearest alternative ' +
      'costs.</p><ul><li>Raise one price this month.</li><li>Write down what happens to volume.</li></ul>',
    access: 1,
  },
  {
    slug: 'flash-cash-flow-forecast',
    title: 'A 13-Week Cash Flow Forecast',
    short_desc: 'Opens once your coach has reviewed your pricing actions.',
    full_desc:
      '<p>Build a rolling 13-week forecast from your bank balance, receivables and committed spending, and ' +
      'review it every Monday.</p>',
    access: 0,
  },
] as const;

interface FlashSeed {
  tenantId: number;
  clientId: number;
  at: Date;
}

export async function seedFlashCoaching(db: Kysely<Database>, seed: FlashSeed): Promise<void> {
  const { tenantId, clientId, at } = seed;
  // The client's latest assessment (seed-assessments.ts gives every client with the flag one).
  const assessment = await db
    .selectFrom('assessments')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('client_id', '=', clientId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!assessment) return;
  const assessmentId = assessment.id;
  for (const [position, { access, ...lesson }] of lessons.entries()) {
    await db
      .insertInto('lessons')
      .values({ tenant_id: tenantId, ...lesson, created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['tenant_id', 'slug']).doNothing())
      .execute();
    await db
      .insertInto('assessment_progress')
      .values({
        tenant_id: tenantId,
        assessment_id: assessmentId,
        path: lesson.slug,
        access,
        position,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['assessment_id', 'path']).doNothing())
      .execute();
  }
}
