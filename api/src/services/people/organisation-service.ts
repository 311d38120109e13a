// The tenant's companies and who coaches whom, changed by an admin or an integration: like people, each change
// is one transaction with its audit entry.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { tenantClient } from '../access/assigned-client.js';
import { roleOf } from '../access/roles.js';
import type { AssignedClient } from '../access/scope.js';
import { setCoach } from './assignments-repository.js';
import { adminScope, writeAudit } from './audit-repository.js';
import type { ChangeActor } from './audit-repository.js';
import {
  findCompany,
  findCompanyByName,
  insertCompany,
  listCompanies,
  renameCompany,
} from './companies-repository.js';
import { findCoachProfile, findPerson } from './people-repository.js';
import { fullName } from './person-view.js';

interface Deps {
  db: Kysely<Database>;
  now: () => Date;
}

function companyName(name: string): string {
  const clean = name.trim();
  if (!clean) throw new FieldError({ name: ['Enter the company name.'] });
  if (clean.length > 200) throw new FieldError({ name: ['Use at most 200 characters.'] });
  return clean;
}

export function createOrganisationService({ db, now }: Deps) {
  async function createCompany(actor: ChangeActor, name: string) {
    const clean = companyName(name);
    return db.transaction().execute(async (trx) => {
      if (await findCompanyByName(trx, actor.tenantId, clean))
        throw new FieldError({ name: ['A company with this name already exists.'] });
      const company = await insertCompany(trx, actor.tenantId, clean);
      await writeAudit(trx, actor, now(), {
        action: 'company.created',
        subject_type: 'company',
        subject_id: company.id,
        person_id: null,
        summary: `Added the company ${clean}`,
        after: { name: clean },
      });
      return company;
    });
  }

  /**
   * Whom each client is coached by (coachUserId null: nobody). Every id is checked first and the whole batch
   * is one transaction: a wrong id changes nothing. Clients already with that coach are left alone.
   */
  async function assign(actor: ChangeActor, clientIds: number[], coachUserId: number | null) {
    const scope = adminScope(actor);
    return db.transaction().execute(async (trx) => {
      let coachProfileId: number | null = null;
      let coachName: string | null = null;
      if (coachUserId !== null) {
        const coach = await findCoachProfile(trx, actor.tenantId, coachUserId);
        const person = await findPerson(trx, scope, coachUserId);
        if (!coach || !person || roleOf(coach.role_id) !== 'coach' || coach.deactivated_at)
          throw new FieldError({ coach_id: ['Choose an active coach of this portal.'] });
        coachProfileId = coach.id;
        coachName = fullName(person);
      }
      const clients: {
        client: AssignedClient;
        name: string;
        coach: string | null;
        coachId: number | null;
      }[] = [];
      const wrong: number[] = [];
      for (const id of [...new Set(clientIds)]) {
        const client = await tenantClient(trx, scope, id);
        const person = client && (await findPerson(trx, scope, id));
        if (!client || !person) wrong.push(id);
        else
          clients.push({
            client,
            name: fullName(person),
            coach: person.coach_name,
            coachId: person.coach_id,
          });
      }
      if (wrong.length > 0)
        throw new FieldError({ client_ids: [`These are not clients of this portal: ${wrong.join(', ')}.`] });
      const at = now();
      let changed = 0;
      for (const { client, name, coach, coachId } of clients) {
        if (coachId === coachUserId) continue;
        await setCoach(trx, scope, client, { coachProfileId, at });
        await writeAudit(trx, actor, at, {
          action: coachUserId === null ? 'assignment.removed' : 'assignment.changed',
          subject_type: 'assignment',
          subject_id: client.userId,
          person_id: client.userId,
          summary: coachName ? `Assigned ${name} to ${coachName}` : `Removed ${name}'s coach`,
          before: { coach },
          after: { coach: coachName },
        });
        changed++;
      }
      return { changed, unchanged: clients.length - changed };
    });
  }

  return {
    listCompanies: (actor: ChangeActor) =>
      listCompanies(db, actor.tenantId).then((rows) =>
        rows.map((row) => ({ ...row, people: Number(row.people ?? 0) })),
      ),
    createCompany,
    async renameCompany(actor: ChangeActor, id: number, name: string) {
      const clean = companyName(name);
      return db.transaction().execute(async (trx) => {
        const company = await findCompany(trx, actor.tenantId, id);
        if (!company) throw new HttpError(404, 'Company not found.');
        const other = await findCompanyByName(trx, actor.tenantId, clean);
        if (other && other.id !== id)
          throw new FieldError({ name: ['A company with this name already exists.'] });
        if (company.name === clean) return company;
        await renameCompany(trx, actor.tenantId, id, clean);
        await writeAudit(trx, actor, now(), {
          action: 'company.renamed',
          subject_type: 'company',
          subject_id: id,
          person_id: null,
          summary: `Renamed the company ${company.name} to ${clean}`,
          before: { name: company.name },
          after: { name: clean },
        });
        return { id, name: clean };
      });
    },
    /** The company of this name (any case), made when there is none: what an import row names. */
    async upsertCompany(actor: ChangeActor, name: string) {
      const existing = await findCompanyByName(db, actor.tenantId, companyName(name));
      if (existing) return { outcome: 'unchanged' as const, company: existing };
      return { outcome: 'created' as const, company: await createCompany(actor, name) };
    },
    assign: (actor: ChangeActor, clientIds: number[], coachUserId: number) =>
      assign(actor, clientIds, coachUserId),
    unassign: (actor: ChangeActor, clientIds: number[]) => assign(actor, clientIds, null),
  };
}
