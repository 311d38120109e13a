// Demo recaps and goals for client@<slug>.test, in the tenant's trade: the recap the coach
// shared after the pricing workshop, with a comment back from the client and the price rise made from it as
// an action step; and two goals (hiring, pricing) with milestones, each linked to its step of the board. The
// other past meetings keep no recap, so a coach can write one. A client who already has a recap is left alone:
// seeding twice changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { bakery } from './sets/bakery.js';
import { dental } from './sets/dental.js';
import type { DemoSet } from './sets/demo-set.js';
import { generic } from './sets/generic.js';
import { plumbing } from './sets/plumbing.js';

interface Words {
  /** The pricing workshop's recap: rich text within contracts/rich-text.ts. */
  recap: string;
  comment: string;
  goals: { title: string; why: string; milestones: [string, boolean][]; step: number; days: number }[];
}

const hiring = (role: string, days: number) => ({
  title: `Hire a ${role}`,
  why: 'So the owner can step back from daily operations two days a week.',
  milestones: [
    ['Agree the pay range', true],
    ['Post the job ad', false],
    ['Interview three candidates', false],
  ] as [string, boolean][],
  step: 1,
  days,
});

const WORDS = new Map<DemoSet, Words>([
  [
    bakery,
    {
      recap:
        '<p>Thanks for a focused workshop. What we agreed:</p><ul><li>Raise prices on the <b>top 10 items by 5%</b> from the first of next month.</li><li>Keep the sourdough loaf as the entry price.</li></ul><p>Next time we look at the first two weeks of sales after the change.</p>',
      comment: 'Thank you! I will update the chalkboard menu this weekend.',
      goals: [
        hiring('shift supervisor', 60),
        {
          title: 'Lift the gross margin to 65%',
          why: 'Flour and butter costs rose 12% this year; the prices did not.',
          milestones: [
            ['Cost out the top 10 items', true],
            ['Announce the new prices', false],
          ],
          step: 2,
          days: 90,
        },
      ],
    },
  ],
  [
    plumbing,
    {
      recap:
        '<p>Good session on pricing. Agreed:</p><ul><li>Raise the <b>call-out fee to $95</b> for new jobs from Monday.</li><li>Quote boiler installs as fixed packages, not hourly.</li></ul><p>Next time: the first two weeks of bookings after the change.</p>',
      comment: 'Done: the office has the new fee on the booking script.',
      goals: [
        hiring('technician', 75),
        {
          title: 'Average job value over $450',
          why: 'Too many small call-outs fill the vans and leave no margin.',
          milestones: [
            ['Price the three fixed packages', true],
            ['Train the office on the new script', false],
          ],
          step: 2,
          days: 90,
        },
      ],
    },
  ],
  [
    dental,
    {
      recap:
        '<p>Thank you for the pricing workshop. We agreed:</p><ul><li>Raise the <b>hygienist appointment fee to £85</b> from next month.</li><li>Offer the membership plan at every check-up.</li></ul><p>Next time we review the first fortnight of bookings.</p>',
      comment: 'Thanks. Reception will start mentioning the plan on Monday.',
      goals: [
        hiring('dental nurse', 60),
        {
          title: 'Sign up 100 membership plan patients',
          why: 'Steady monthly income evens out the quiet months.',
          milestones: [
            ['Print the plan leaflet', true],
            ['Reach 50 members', false],
          ],
          step: 2,
          days: 120,
        },
      ],
    },
  ],
  [
    generic,
    {
      recap:
        '<p>Thanks for the workshop. What we agreed:</p><ul><li>Raise the <b>day rate for new clients by 10%</b>.</li><li>Send proposals with three options, not one.</li></ul><p>Next time: how the first proposals at the new rate landed.</p>',
      comment: 'Thank you! The new proposal template is ready.',
      goals: [
        hiring('project coordinator', 60),
        {
          title: 'Raise the average project to 15 days',
          why: 'Short projects cost as much to sell as long ones.',
          milestones: [
            ['Write the three-option proposal', true],
            ['Win two projects of 15 days', false],
          ],
          step: 2,
          days: 90,
        },
      ],
    },
  ],
]);

interface RecapsSeed {
  tenantId: number;
  clientId: number;
  coachUserId: number;
  at: Date;
  set: DemoSet;
}

const DAY = 86_400_000;

export async function seedRecapsAndGoals(db: Kysely<Database>, seed: RecapsSeed): Promise<void> {
  const { tenantId, clientId, coachUserId, at, set } = seed;
  const words = WORDS.get(set) ?? WORDS.get(generic)!;
  const owner = { tenant_id: tenantId, client_id: clientId };
  const already = await db
    .selectFrom('recaps')
    .select('id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (already) return;
  const workshop = await db
    .selectFrom('meetings')
    .select(['id', 'starts_at', 'duration_minutes'])
    .where('tenant_id', '=', tenantId)
    .where('client_id', '=', clientId)
    .where('title', '=', 'Pricing workshop')
    .executeTakeFirst();
  const steps = await db
    .selectFrom('action_steps')
    .select(['id', 'title'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
  const stepOf = (index: number) => steps.find((s) => s.title === set.actionSteps[index]?.title);

  if (workshop) {
    // Shared an hour after the workshop ended; the client answered the next morning.
    const shared = new Date(workshop.starts_at.getTime() + (workshop.duration_minutes + 60) * 60_000);
    const recap = await db
      .insertInto('recaps')
      .values({
        ...owner,
        meeting_id: workshop.id,
        author_id: coachUserId,
        body: words.recap,
        shared_at: shared,
        created_at: shared,
        updated_at: shared,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('recap_comments')
      .values({
        ...owner,
        recap_id: recap.id,
        author_id: clientId,
        body: words.comment,
        created_at: new Date(shared.getTime() + 16 * 60 * 60_000),
      })
      .execute();
    const priceStep = stepOf(2);
    if (priceStep)
      await db
        .updateTable('action_steps')
        .set({ recap_id: recap.id })
        .where('id', '=', priceStep.id)
        .execute();
  }

  for (const [index, goal] of words.goals.entries()) {
    const row = await db
      .insertInto('goals')
      .values({
        ...owner,
        // The hiring goal is the client's own; the margin goal their coach's.
        author_id: index === 0 ? clientId : coachUserId,
        title: goal.title,
        why: goal.why,
        target_date: new Date(at.getTime() + goal.days * DAY).toISOString().slice(0, 10),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('goal_milestones')
      .values(
        goal.milestones.map(([title, done]) => ({ ...owner, goal_id: row.id, title, done, created_at: at })),
      )
      .execute();
    const step = stepOf(goal.step);
    if (step)
      await db.updateTable('action_steps').set({ goal_id: row.id }).where('id', '=', step.id).execute();
  }
}
