// The integration API's people: rows upserted by email (the CSV import's door too), companies by name, and
// coach assignments by email, each through the people service the admin's screens use. A batch's rows are
// answered one by one: a row that does not match its schema (an unknown role, a name too long, a field the
// API does not know) is that row's error, and the other rows go on; only a batch that is wrong as a whole
// (no rows, too many, an unknown option) is a 422.
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { fieldErrors } from '../validation-errors.js';
import { list } from '../../../contracts/rest/client.js';
import { closed, email, integer, line, singleLine, string } from '../../../contracts/rest/pieces.js';
import { coachAndClient, importRow } from '../../../contracts/rest/integration.js';
import { keyRoute } from './route.js';

/** The most rows one call takes: a batch answers within seconds, so a 10,000-row import is 50 calls. */
const batchSize = 200;
const cell = (maxLength: number) => line(maxLength);

const personRow = closed(
  {
    email: line(254, { minLength: 1, description: 'Who the row is: a person is found by email (any case).' }),
    first_name: line(100, {
      description: 'Required for a new person. Left out or empty, an existing person keeps theirs.',
    }),
    last_name: line(100, {
      description: 'Required for a new person. Left out or empty, an existing person keeps theirs.',
    }),
    role: {
      type: 'string',
      enum: ['client', 'coach', 'admin'],
      ...singleLine,
      description:
        'A new person is a client unless it says otherwise. A key cannot make anyone an admin or change an ' +
        'admin’s role (that row is answered with an error on `role_id`); an admin does that in the portal.',
    },
    company: cell(200),
    coach_email: cell(254),
    time_zone: cell(64),
  },
  ['email'],
);

/** A batch of people rows and what to do with them: the integration API's and the admin's Import screen's. */
export const importBody = closed(
  {
    people: { type: 'array', items: personRow, minItems: 1, maxItems: batchSize },
    dry_run: { type: 'boolean', default: false },
    invite: { type: 'boolean', default: false },
    arriving_coaches: { type: 'array', items: email, maxItems: 10_000, default: [] },
  },
  ['people'],
);

/** Per row, in the order sent: what was (or would be) done, or its errors by field. */
export const importAnswer = {
  200: closed({
    data: list(importRow),
  }),
};

/** The options of a batch as the people import takes them. */
export const importOptions = (body: {
  dry_run?: boolean;
  invite?: boolean;
  arriving_coaches?: string[];
}) => ({
  dryRun: body.dry_run ?? false,
  invite: body.invite ?? false,
  arrivingCoaches: body.arriving_coaches ?? [],
});

/** A row of the body and the rest of the path below it: `/people/3/role` is row 3's `/role`. */
const rowPath = /^\/people\/(\d+)(\/.*)?$/;

/**
 * The schema errors of a batch's rows, each row's as its field errors (a row that is no object: on `row`), or
 * the request's own validation error when anything beyond a row is wrong.
 */
export function rowErrors(request: FastifyRequest): Map<number, Record<string, string[]>> {
  const failed = request.validationError;
  const byRow = new Map<number, FastifySchemaValidationError[]>();
  if (!failed) return new Map();
  const errors = failed.validation as FastifySchemaValidationError[];
  for (const error of errors) {
    const match = failed.validationContext === 'body' ? rowPath.exec(error.instancePath) : null;
    if (!match) throw failed;
    const index = Number(match[1]);
    byRow.set(index, [...(byRow.get(index) ?? []), { ...error, instancePath: match[2] ?? '' }]);
  }
  return new Map([...byRow].map(([index, rowErrors]) => [index, fieldErrors(rowErrors, 'row')]));
}

export const importPeople = keyRoute('read-write', {
  attachValidation: true,
  schema: {
    summary: 'Upsert people',
    description:
      'Creates or changes people by email, in order, each row on its own: a bad row is answered with its ' +
      'errors (a value the row schema refuses included) and stops no other. A field left out or empty is left ' +
      'as it is, but a new person needs `first_name` and `last_name`; `company` is made when missing; ' +
      '`coach_email` names a coach of the portal. `dry_run` writes nothing and says what would happen ' +
      '(`arriving_coaches`: coaches a later call of the same import brings). `invite` mails each new person ' +
      'an invitation. The same rows again change nothing.',
    body: importBody,
    response: importAnswer,
  },
  async handle(s, request) {
    return {
      data: await s.integration.importPeople(request.key, request.body.people, {
        ...importOptions(request.body),
        refused: rowErrors(request),
      }),
    };
  },
});

export const upsertCompany = keyRoute('read-write', {
  schema: {
    summary: 'Upsert a company',
    description: 'The company of this name (any case), made when there is none.',
    body: closed({ name: line(200, { minLength: 1 }) }),
    response: {
      200: closed({
        data: closed({
          outcome: string,
          company: closed({ id: integer, name: string }),
        }),
      }),
    },
  },
  async handle(s, request) {
    return { data: await s.integration.upsertCompany(request.key, request.body.name) };
  },
});

export const assignCoach = keyRoute('read-write', {
  schema: {
    summary: 'Assign clients to a coach',
    description:
      'Assigns the clients to the coach (null: to none), all or none; clients already with them are left alone.',
    body: closed({
      coach_email: { ...coachAndClient.coach_email, type: ['string', 'null'] },
      client_emails: { type: 'array', items: email, minItems: 1, maxItems: 1000 },
    }),
    response: {
      200: closed({ data: closed({ changed: integer, unchanged: integer }) }),
    },
  },
  async handle(s, request) {
    return { data: await s.integration.assignCoach(request.key, request.body) };
  },
});
