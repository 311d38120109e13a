// Assessments and implementation: the list, the analysis, the implementation plan, one focus area's steps,
// adding a step, and the currencies amounts are counted in. Another client's or tenant's ids are a 404 and
// change nothing.
import { calendarDate, call, dateTime, id, list, noBody, text } from '../../../contracts/rest/client.js';
import { clientRoute } from './route.js';
import { closed, integer, multiLine, nullableString, ok } from '../../../contracts/rest/pieces.js';

const params = closed({ id });

const currency = closed({ id: integer, code: { type: 'string' }, name: { type: 'string' } });

const assessmentHead = {
  id: integer,
  title: { type: 'string' },
  company: nullableString,
  currency_id: integer,
  assessed_on: { type: 'string' },
  created_at: dateTime,
} as const;

const area = closed({
  id: integer,
  name: { type: 'string' },
  score: integer,
  current_amount: integer,
  potential_amount: integer,
  gap: integer,
  focus_rank: { type: ['integer', 'null'] },
  goal: { type: 'string' },
});

const focusAreaFields = {
  id: integer,
  assessment_id: integer,
  name: { type: 'string' },
  goal: { type: 'string' },
  focus_rank: integer,
  score: integer,
} as const;

const step = closed({
  id: integer,
  focus_area_id: integer,
  title: { type: 'string' },
  description: { type: 'string' },
  due_date: nullableString,
  action_step: { anyOf: [closed({ id: integer, status: integer }), { type: 'null' }] },
  created_at: dateTime,
});

export const currencies = clientRoute({
  schema: { response: ok(list(currency)) },
  async handle(s) {
    return { data: await s.assessments.currencies() };
  },
});

export const companyAssessments = clientRoute({
  schema: call(
    noBody,
    list(
      closed({
        ...assessmentHead,
        areas_count: integer,
        focus_count: integer,
        steps_count: integer,
      }),
    ),
  ),
  async handle(s, request) {
    return { data: await s.assessments.list(request.caller) };
  },
});

export const analysis = clientRoute({
  schema: {
    ...call(
      noBody,
      closed({
        ...assessmentHead,
        totals: closed({ current: integer, potential: integer, gap: integer }),
        areas: list(area),
      }),
    ),
    params,
  },
  async handle(s, request) {
    return { data: await s.assessments.analysis(request.caller, request.params.id) };
  },
});

export const implementationShow = clientRoute({
  schema: call(
    closed({ assessment_id: id }),
    closed({
      assessment_id: integer,
      focus_areas: list(
        closed({
          ...focusAreaFields,
          steps_total: integer,
          steps_on_board: integer,
          steps_completed: integer,
        }),
      ),
    }),
  ),
  async handle(s, request) {
    return { data: await s.assessments.plan(request.caller, request.body.assessment_id) };
  },
});

export const priorityImplementation = clientRoute({
  schema: {
    params,
    response: ok(list(step), { implementation: closed(focusAreaFields) }),
  },
  async handle(s, request) {
    return s.assessments.implementation(request.caller, request.params.id);
  },
});

export const addImplementation = clientRoute({
  schema: call(
    closed(
      {
        focus_area_id: id,
        title: text(200),
        description: { type: 'string', maxLength: 2000, ...multiLine },
        due_date: calendarDate,
        add_to_action_steps: { type: 'boolean' },
      },
      ['focus_area_id', 'title', 'add_to_action_steps'],
    ),
    step,
    201,
  ),
  async handle(s, request, reply) {
    const data = await s.assessments.addStep(request.caller, request.body);
    return reply.code(201).send({ data });
  },
});
