// The coach writes an assigned client's assessment: its title and date, the analysis lines with their figures
// (whole units of the assessment's currency; a line with a focus rank is a focus area, the client's
// "priorities"), and the implementation steps of a focus area, optionally put on the client's action-steps
// board. The client reads all of it through their own assessments calls, exactly as the seed's. Each call
// names the client, so nothing of another client is reached through the wrong page (a 404).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { assignedClient } from '../access/assigned-client.js';
import type { Actor } from '../access/scope.js';
import { listAreas, listCurrencies } from './assessments-repository.js';
import * as repo from './coach-assessments-repository.js';
import type { AreaFields } from './coach-assessments-repository.js';
import { insertStep, listSteps } from './implementation-repository.js';

const notFound = (what: string) => new HttpError(404, `${what} not found.`);

interface StepInput {
  title: string;
  description?: string | undefined;
  due_date?: string | null | undefined;
  add_to_action_steps: boolean;
}

export function createCoachAssessmentsService(db: Kysely<Database>, now: () => Date) {
  async function assessmentOf(coach: Actor, clientId: number, id: number) {
    const client = await assignedClient(db, coach, clientId);
    const row = await repo.findClientAssessment(db, coach, client, id);
    if (!row) throw notFound('Assessment');
    return { client, row };
  }

  async function areaOf(coach: Actor, clientId: number, id: number) {
    const client = await assignedClient(db, coach, clientId);
    const row = await repo.findClientArea(db, coach, client, id);
    if (!row) throw notFound('Area');
    return { client, row };
  }

  function checkFigures(fields: Partial<AreaFields>) {
    if (
      fields.current_amount !== undefined &&
      fields.potential_amount !== undefined &&
      fields.potential_amount < fields.current_amount
    )
      throw new FieldError({ potential_amount: ['The potential cannot be below the current amount.'] });
  }

  async function page(coach: Actor, clientId: number, id: number) {
    const { row } = await assessmentOf(coach, clientId, id);
    const areas = await listAreas(db, coach, id);
    const steps = await listSteps(
      db,
      coach,
      areas.map((a) => a.id),
    );
    return {
      assessment: row,
      areas: areas.map(({ assessment_id: _a, ...a }) => ({
        ...a,
        steps: steps
          .filter((s) => s.area_id === a.id)
          .map((s) => ({
            id: s.id,
            title: s.title,
            description: s.description,
            due_date: s.due_date,
            on_board: s.action_step_id !== null,
          })),
      })),
      currencies: await listCurrencies(db),
    };
  }

  return {
    page,

    async create(
      coach: Actor,
      clientId: number,
      input: { title: string; assessed_on: string; currency_id?: number | undefined },
    ) {
      const client = await assignedClient(db, coach, clientId);
      const currencies = await listCurrencies(db);
      const currencyId =
        input.currency_id ?? (await repo.latestCurrency(db, coach))?.currency_id ?? currencies[0]?.id;
      if (currencyId === undefined || !currencies.some((c) => c.id === currencyId))
        throw new FieldError({ currency_id: ['Choose a currency.'] });
      const company = await repo.clientCompany(db, coach, client);
      const { id } = await repo.insertAssessment(db, coach, client, {
        title: input.title.trim(),
        assessed_on: input.assessed_on,
        currency_id: currencyId,
        company_id: company?.company_id ?? null,
        at: now(),
      });
      return page(coach, clientId, id);
    },

    async update(
      coach: Actor,
      clientId: number,
      id: number,
      input: { title?: string | undefined; assessed_on?: string | undefined },
    ) {
      const { client } = await assessmentOf(coach, clientId, id);
      await repo.updateAssessment(db, coach, client, id, {
        ...(input.title === undefined ? {} : { title: input.title.trim() }),
        ...(input.assessed_on === undefined ? {} : { assessed_on: input.assessed_on }),
        updated_at: now(),
      });
      return page(coach, clientId, id);
    },

    async addArea(coach: Actor, clientId: number, assessmentId: number, fields: AreaFields) {
      const { client } = await assessmentOf(coach, clientId, assessmentId);
      checkFigures(fields);
      await repo.insertArea(db, coach, client, assessmentId, { ...fields, name: fields.name.trim() });
      return page(coach, clientId, assessmentId);
    },

    async updateArea(coach: Actor, clientId: number, areaId: number, fields: Partial<AreaFields>) {
      const { client, row } = await areaOf(coach, clientId, areaId);
      checkFigures(fields);
      await repo.updateArea(db, coach, client, areaId, fields);
      return page(coach, clientId, row.assessment_id);
    },

    async deleteArea(coach: Actor, clientId: number, areaId: number) {
      const { client, row } = await areaOf(coach, clientId, areaId);
      await repo.deleteArea(db, coach, client, areaId);
      return page(coach, clientId, row.assessment_id);
    },

    async addStep(coach: Actor, clientId: number, areaId: number, input: StepInput) {
      const { client, row } = await areaOf(coach, clientId, areaId);
      if (row.focus_rank === null)
        throw new FieldError({ title: ['Make this line a focus area before planning its steps.'] });
      const fields = {
        title: input.title.trim(),
        description: (input.description ?? '').trim(),
        due_date: input.due_date ?? null,
      };
      await insertStep(db, coach, areaId, fields, input.add_to_action_steps, now(), client);
      return page(coach, clientId, row.assessment_id);
    },

    async deleteStep(coach: Actor, clientId: number, stepId: number) {
      const client = await assignedClient(db, coach, clientId);
      if (!(await repo.deleteStep(db, coach, client, stepId))) throw notFound('Step');
      return { id: stepId };
    },
  };
}
