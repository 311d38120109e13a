// Demo assessments for client@<slug>.test: a recent business assessment with six areas, three of them focus
// areas with implementation steps (the demo business's action steps of that area, on the board, so the plan
// shows their stages, and its planned steps), and an older starting-point assessment without a plan. basic@
// gets none, so the empty list can be seen. Amounts are whole units of the demo business's currency. A client
// who already has an assessment is left alone: seeding twice changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DemoSet } from './sets/demo-set.js';
import { isoDay, workingDay } from './working-days.js';

interface AssessmentSeed {
  tenantId: number;
  clientId: number;
  companyId: number;
  set: DemoSet;
  full: boolean;
  at: Date;
}

// [name, score, current, potential, focus rank, goal]
type Area = [string, number, number, number, number | null, string];

const recentAreas: Area[] = [
  [
    'Pricing and margins',
    48,
    62_000,
    94_000,
    1,
    'Lift gross margin to 42% with better prices on best sellers.',
  ],
  ['Cash flow', 55, 18_000, 30_000, 2, 'Keep eight weeks of running costs in the bank.'],
  ['Sales and marketing', 61, 140_000, 175_000, 3, 'Win twenty new repeat customers a quarter.'],
  ['Team and hiring', 70, 24_000, 31_000, null, ''],
  ['Operations and systems', 66, 15_000, 21_000, null, ''],
  ['Owner’s time', 40, 0, 8_000, null, ''],
];

const earlierAreas: Area[] = [
  ['Pricing and margins', 35, 51_000, 90_000, null, ''],
  ['Cash flow', 42, 12_000, 30_000, null, ''],
  ['Sales and marketing', 58, 128_000, 170_000, null, ''],
  ['Team and hiring', 62, 20_000, 30_000, null, ''],
];

export async function seedAssessments(db: Kysely<Database>, seed: AssessmentSeed): Promise<void> {
  const { tenantId, clientId, at } = seed;
  if (!seed.full) return;
  const already = await db
    .selectFrom('assessments')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (already) return;
  const currency = await db
    .selectFrom('currencies')
    .select('id')
    .where('code', '=', seed.set.currency)
    .executeTakeFirstOrThrow();
  const owner = { tenant_id: tenantId, client_id: clientId };
  const stamps = { created_at: at, updated_at: at };

  const assess = async (title: string, daysAgo: number, areas: Area[]) => {
    const { id } = await db
      .insertInto('assessments')
      .values({
        ...owner,
        company_id: seed.companyId,
        title,
        currency_id: currency.id,
        assessed_on: isoDay(workingDay(at, -daysAgo, seed.set.timeZone)),
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return db
      .insertInto('assessment_areas')
      .values(
        areas.map(([name, score, current, potential, rank, goal], position) => ({
          ...owner,
          assessment_id: id,
          position,
          name,
          score,
          current_amount: current,
          potential_amount: potential,
          focus_rank: rank,
          goal,
        })),
      )
      .returning(['id', 'name'])
      .execute();
  };

  await assess('Starting-point assessment', 120, earlierAreas);
  const areas = await assess('Business growth assessment', 12, recentAreas);
  const board = await db
    .selectFrom('action_steps')
    .select(['id', 'title'])
    .where('tenant_id', '=', tenantId)
    .where('client_id', '=', clientId)
    .execute();
  const onBoard = seed.set.actionSteps.flatMap((s) =>
    s.area ? [{ ...s, area: s.area, boardId: board.find((b) => b.title === s.title)?.id ?? null }] : [],
  );
  const planned = seed.set.plannedSteps.map((s) => ({ ...s, boardId: null }));
  await db
    .insertInto('implementation_steps')
    .values(
      [...onBoard, ...planned].map((step) => ({
        ...owner,
        area_id: areas.find((a) => a.name === step.area)!.id,
        title: step.title,
        description: step.description,
        due_date: step.due === null ? null : isoDay(workingDay(at, step.due, seed.set.timeZone)),
        action_step_id: step.boardId,
        ...stamps,
      })),
    )
    .execute();
}
