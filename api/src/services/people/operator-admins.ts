// A tenant's admin made by the operator of the deployment (`portal admin invite`, with the API's OPS_TOKEN):
// how a new tenant gets its first admin, who has no one to invite them yet, and how a tenant whose admins all
// left gets one again. The admin is invited by mail to set a password, through the people service's own
// invitation, so the operator never knows it. Running it again is safe: a pending admin is invited again, an
// active one left alone; a person of another role keeps it (only the tenant's admins change roles).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { normalizeEmail } from '../../../../contracts/email-address.js';
import type { TenantConfig } from '../tenants/tenant-files.js';
import type { ChangeActor } from './audit-repository.js';
import { findIdByEmail } from './people-repository.js';
import type { createPeopleService } from './people-service.js';

/** How the audit log names who did it. */
const OPERATOR = 'Portal operator';

type AdminOutcome = 'invited' | 'invited again' | 'already an admin';

interface Deps {
  db: Kysely<Database>;
  people: ReturnType<typeof createPeopleService>;
  tenants: TenantConfig[];
}

interface AdminInput {
  tenant: string;
  email: string;
  first_name: string;
  last_name: string;
}

export function createOperatorAdmins({ db, people, tenants }: Deps) {
  return {
    async invite(input: AdminInput) {
      // The tenants this API serves: what it read from tenants/ when it started.
      const tenant = tenants.find((t) => t.slug === input.tenant);
      if (!tenant)
        throw new HttpError(
          404,
          `This API serves no tenant "${input.tenant}". It reads tenants/ when it starts: deploy tenants/${input.tenant} and restart it.`,
        );
      const actor: ChangeActor = { tenantId: tenant.id, operator: OPERATOR };
      const email = normalizeEmail(input.email);
      const id = await findIdByEmail(db, tenant.id, email);
      if (id === undefined) {
        const { first_name, last_name } = input;
        const person = await people.create(
          actor,
          { email, first_name, last_name, role_id: 1 },
          { invite: true },
        );
        return { outcome: 'invited' as AdminOutcome, tenant: tenant.name, person };
      }
      const person = await people.find(actor, id);
      if (person.role !== 'admin')
        throw new HttpError(
          409,
          `${person.email} is a ${person.role} of ${tenant.name}. Invite another address as admin, or ask an admin of ${tenant.name} to change their role under People.`,
        );
      if (person.status === 'deactivated')
        throw new HttpError(
          409,
          `${person.email} is a deactivated admin of ${tenant.name}. Invite another address, or ask an admin of ${tenant.name} to reactivate them under People.`,
        );
      if (person.status === 'active')
        return { outcome: 'already an admin' as AdminOutcome, tenant: tenant.name, person };
      return {
        outcome: 'invited again' as AdminOutcome,
        tenant: tenant.name,
        person: await people.invite(actor, id),
      };
    },
  };
}
