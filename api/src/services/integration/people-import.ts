// People put in by the tenant's own systems (and `portal people import`, which calls this through the API): a
// batch of rows, each upserted by email through the people service the admin's screens use, so its checks,
// audit entries, events and invitations are the same. A row names its company and coach as a CSV does, by name
// and by email; a company not there yet is made. A dry run writes nothing: it checks each row with the same
// field checks and says what the upsert would do. Each row gets its own answer, so one bad row stops no other: a
// row the route's schema refused comes in `refused` with its field errors and is answered with them. An API key
// may not make or unmake an admin (admin-rules.ts), in a dry run as in the import.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { roleOf } from '../access/roles.js';
import type { Actor } from '../access/scope.js';
import { checkKeyRole } from '../people/admin-rules.js';
import type { ChangeActor } from '../people/audit-repository.js';
import { findCompanyByName } from '../people/companies-repository.js';
import type { createOrganisationService } from '../people/organisation-service.js';
import { findPersonByEmail } from '../people/people-repository.js';
import type { PersonRow } from '../people/people-repository.js';
import type { createPeopleService } from '../people/people-service.js';
import { checkFields } from '../people/person-fields.js';
import type { PersonFields } from '../people/person-fields.js';

const roleIds = { admin: 1, coach: 2, client: 3 } as const;

/** One row as the API takes it: a field left out (or empty) is left as it is. */
export interface PersonRowInput {
  email: string;
  first_name?: string | undefined;
  last_name?: string | undefined;
  role?: keyof typeof roleIds | undefined;
  company?: string | undefined;
  coach_email?: string | undefined;
  time_zone?: string | undefined;
}

type Outcome = 'created' | 'changed' | 'unchanged';

interface RowResult {
  index: number;
  outcome: Outcome | 'error';
  person_id: number | null;
  errors: Record<string, string[]>;
}

interface Deps {
  db: Kysely<Database>;
  people: ReturnType<typeof createPeopleService>;
  organisation: ReturnType<typeof createOrganisationService>;
}

const given = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** Whether applying `fields` to `current` would change a column (the upsert's own comparison, read-only). */
function differs(current: PersonRow, fields: PersonFields): boolean {
  const keys = [
    'email',
    'first_name',
    'last_name',
    'role_id',
    'company_id',
    'time_zone',
    'coach_id',
  ] as const;
  return keys.some((key) => fields[key] !== undefined && fields[key] !== current[key]);
}

export function createPeopleImport({ db, people, organisation }: Deps) {
  /** The user id of the coach with this email in the tenant; a coach arriving in the same import counts. */
  async function coachId(scope: Actor, email: string, arriving: ReadonlySet<string>) {
    const row = await findPersonByEmail(db, scope, email.toLowerCase());
    if (row && roleOf(row.role_id) === 'coach') return row.id;
    if ([...arriving].some((e) => e.toLowerCase() === email.toLowerCase())) return undefined;
    throw new FieldError({ coach_email: ['There is no coach with this email in this portal.'] });
  }

  async function one(
    actor: ChangeActor,
    scope: Actor,
    row: PersonRowInput,
    options: { dryRun: boolean; invite: boolean; arriving: ReadonlySet<string> },
  ): Promise<{ outcome: Outcome; person_id: number | null }> {
    const fields: PersonFields & { email: string } = { email: row.email.trim() };
    const first = given(row.first_name);
    const last = given(row.last_name);
    const zone = given(row.time_zone);
    if (first !== undefined) fields.first_name = first;
    if (last !== undefined) fields.last_name = last;
    if (zone !== undefined) fields.time_zone = zone;
    if (row.role) fields.role_id = roleIds[row.role];
    const coach = given(row.coach_email);
    if (coach) {
      const id = await coachId(scope, coach, options.arriving);
      if (id !== undefined) fields.coach_id = id;
    }
    const company = given(row.company);
    const current = await findPersonByEmail(db, scope, fields.email.toLowerCase());
    // Before anything is written for the row (its company), as the people service would refuse it later.
    checkKeyRole(actor, fields.role_id, current?.role_id);
    if (!options.dryRun) {
      if (company) fields.company_id = (await organisation.upsertCompany(actor, company)).company.id;
      const { outcome, person } = await people.upsert(actor, fields, { invite: options.invite });
      return { outcome, person_id: person.id };
    }
    const existingCompany = company ? await findCompanyByName(db, scope.tenantId, company) : undefined;
    if (existingCompany) fields.company_id = existingCompany.id;
    await checkFields(db, scope, fields, current);
    if (!current) return { outcome: 'created', person_id: null };
    const newCompany = company !== undefined && !existingCompany;
    const newCoach = coach !== undefined && fields.coach_id === undefined;
    return {
      outcome: newCompany || newCoach || differs(current, fields) ? 'changed' : 'unchanged',
      person_id: current.id,
    };
  }

  return {
    /**
     * Upserts (or with dryRun, previews) the rows in order. `arrivingCoaches`: emails of coaches later batches
     * of the same import bring, which a dry run accepts as a client's coach.
     */
    async run(
      actor: ChangeActor,
      rows: PersonRowInput[],
      options: {
        dryRun: boolean;
        invite: boolean;
        arrivingCoaches: string[];
        /** Rows refused by the schema already, by index: their field errors are their answer. */
        refused?: ReadonlyMap<number, Record<string, string[]>>;
      },
    ): Promise<RowResult[]> {
      const refused = options.refused ?? new Map<number, Record<string, string[]>>();
      const scope: Actor = { tenantId: actor.tenantId, userId: 0, role: 'admin' };
      // Only a preview may count on coaches still to come: an import brings its coaches before their clients.
      const arriving = new Set(
        options.dryRun
          ? [
              ...options.arrivingCoaches,
              ...rows.filter((r, i) => !refused.has(i) && r.role === 'coach').map((r) => r.email.trim()),
            ]
          : [],
      );
      const results: RowResult[] = [];
      for (const [index, row] of rows.entries()) {
        const errors = refused.get(index);
        if (errors) {
          results.push({ index, outcome: 'error', person_id: null, errors });
          continue;
        }
        try {
          results.push({ index, errors: {}, ...(await one(actor, scope, row, { ...options, arriving })) });
        } catch (error) {
          if (error instanceof FieldError)
            results.push({ index, outcome: 'error', person_id: null, errors: error.fields });
          else if (error instanceof HttpError && error.statusCode < 500)
            results.push({ index, outcome: 'error', person_id: null, errors: { row: [error.message] } });
          else throw error;
        }
      }
      return results;
    },
  };
}
