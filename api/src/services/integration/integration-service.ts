// The integration API's door into the same services the coach's screens use: a meeting is booked and a message
// sent by the coach service as that coach would (their client assignment, limits and mails apply alike); the
// key only names the coach and the client by email, in the key's tenant. The reads are the tenant's rows.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { roleOf } from '../access/roles.js';
import type { KeyCaller } from '../api-keys/api-key-service.js';
import type { createMeetingsService } from '../coach/meetings-service.js';
import type { createCoachService } from '../coach/coach-service.js';
import type { ChangeActor } from '../people/audit-repository.js';
import type { createOrganisationService } from '../people/organisation-service.js';
import * as activity from './activity-repository.js';
import type { createPeopleImport } from './people-import.js';
import type { PersonRowInput } from './people-import.js';
import { toPage } from './cursor.js';
import type { PageQuery } from './cursor.js';

type MeetingsService = ReturnType<typeof createMeetingsService>;
type CoachService = ReturnType<typeof createCoachService>;

/** The key reads as its tenant's admin: every row of the tenant and no other (access/scope.ts). */
const tenantScope = (key: KeyCaller): Actor => ({ tenantId: key.tenantId, userId: 0, role: 'admin' });

/** Dates as ISO strings, the API's one way of writing a time. */
const plain = <R extends object>(row: R) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])) as {
    [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K];
  };

type Reader = (
  db: Kysely<Database>,
  tenant: Actor,
  page: PageQuery,
  shares: activity.Shares,
) => Promise<{ id: number }[]>;

const activities = {
  messages: activity.messages,
  files: activity.files,
  tickets: activity.tickets,
  testimonials: activity.testimonials,
  referrals: activity.referrals,
  payments: activity.payments,
  'lesson-progress': activity.lessonProgress,
  goals: activity.goals,
  recaps: activity.recaps,
  'form-sends': activity.formSends,
} satisfies Record<string, Reader>;

export type Activity = keyof typeof activities;

/** The key as the people service's audit log records who made a change. */
const changeActor = (key: KeyCaller): ChangeActor => ({
  tenantId: key.tenantId,
  keyId: key.keyId,
  keyName: key.name,
});

export function createIntegrationService(deps: {
  db: Kysely<Database>;
  meetings: MeetingsService;
  coach: CoachService;
  organisation: ReturnType<typeof createOrganisationService>;
  peopleImport: ReturnType<typeof createPeopleImport>;
}) {
  const { db, peopleImport } = deps;

  /** The person of the key's tenant with this email, in the role the call names them in; else 422. */
  async function person(key: KeyCaller, email: string, role: 'coach' | 'client', field: string) {
    const row = await db
      .selectFrom('users')
      .select(['id', 'role_id'])
      .where('tenant_id', '=', key.tenantId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    if (!row || roleOf(row.role_id) !== role)
      throw new HttpError(422, `${field}: there is no ${role} with this email in this portal.`);
    return row.id;
  }

  async function coachAndClient(key: KeyCaller, input: { coach_email: string; client_email: string }) {
    const coach: Actor = {
      tenantId: key.tenantId,
      userId: await person(key, input.coach_email, 'coach', 'coach_email'),
      role: 'coach',
    };
    return { coach, clientId: await person(key, input.client_email, 'client', 'client_email') };
  }

  return {
    async read(key: KeyCaller, tenant: Tenant, what: Activity, page: PageQuery) {
      const shares = { messageContent: tenant.integration_message_content };
      const rows = (await activities[what](db, tenantScope(key), page, shares)) as ({ id: number } & Record<
        string,
        unknown
      >)[];
      const time = (row: Record<string, unknown>) => (row.updated_at ?? row.created_at) as Date;
      const { data, next_cursor } = toPage(rows, page, time);
      return { data: data.map(plain), next_cursor };
    },
    async bookMeeting(
      tenant: Tenant,
      key: KeyCaller,
      input: { coach_email: string; client_email: string } & Parameters<MeetingsService['create']>[3],
    ) {
      const { coach_email, client_email, ...meeting } = input;
      const { coach, clientId } = await coachAndClient(key, { coach_email, client_email });
      return deps.meetings.create(tenant, coach, clientId, meeting);
    },
    importPeople: (
      key: KeyCaller,
      rows: PersonRowInput[],
      options: Parameters<ReturnType<typeof createPeopleImport>['run']>[2],
    ) => peopleImport.run(changeActor(key), rows, options),
    upsertCompany: (key: KeyCaller, name: string) => deps.organisation.upsertCompany(changeActor(key), name),
    /** Assigns the clients (by email) to the coach (by email), or with no coach_email, to none. */
    async assignCoach(key: KeyCaller, input: { coach_email: string | null; client_emails: string[] }) {
      const clients = [];
      for (const [i, email] of input.client_emails.entries())
        clients.push(await person(key, email, 'client', `client_emails/${i}`));
      const actor = changeActor(key);
      if (input.coach_email === null) return deps.organisation.unassign(actor, clients);
      return deps.organisation.assign(
        actor,
        clients,
        await person(key, input.coach_email, 'coach', 'coach_email'),
      );
    },
    async sendMessage(
      tenant: Tenant,
      key: KeyCaller,
      input: { coach_email: string; client_email: string; subject: string; body: string },
    ) {
      const { coach, clientId } = await coachAndClient(key, input);
      return deps.coach.compose(tenant, coach, clientId, { subject: input.subject, body: input.body });
    },
  };
}
