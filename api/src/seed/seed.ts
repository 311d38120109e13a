// Development data: per tenant a company, a coach with a profile, and two clients who can log in with a
// known password: client@<slug>.test (every training flag on) and basic@<slug>.test (none); their coach
// coach@<slug>.test, a second coach (coach2@) with clients of their own (seed-second-coach.ts) and the tenant admin
// (admin@<slug>.test). What they see is
// one coherent demo business chosen by the tenant's slug (sets/), the generic one for a tenant the seed does not
// know (one made by `portal init`). Running it again changes nothing. It refuses to run in production, where a
// known password would be a hole.
import type { Kysely } from 'kysely';
import { everyFlag } from '../../../contracts/training-flags.js';
import { hashPassword } from '../services/auth/passwords.js';
import type { TenantConfig } from '../services/tenants/tenant-files.js';
import { upsertTenants } from '../services/tenants/tenant-repository.js';
import type { Database } from '../db/database.js';
import { seedAgreements } from './seed-agreements.js';
import { seedAssessments } from './seed-assessments.js';
import { planMeetingReminders } from '../services/reminders/meeting-reminders.js';
import { setMorningSummary } from '../services/notifications/preferences.js';
import { seedBooking } from './seed-booking.js';
import { seedBilling } from './seed-billing.js';
import { seedClientWork } from './seed-client-work.js';
import { seedCoachLibrary } from './seed-coach-library.js';
import { seedCompanyFiles } from './seed-company-files.js';
import { seedFlashCoaching } from './seed-flash-coaching.js';
import { seedForms } from './seed-forms.js';
import { seedGroups } from './seed-groups.js';
import { seedLessonFiles } from './seed-lesson-files.js';
import { seedMailbox } from './seed-mailbox.js';
import { seedMetrics } from './seed-metrics.js';
import { seedNotifications } from './seed-notifications.js';
import { assignClient, upsertCoach, upsertCompany, upsertUser } from './seed-people.js';
import { seedSecondCoach } from './seed-second-coach.js';
import { seedRecapsAndGoals } from './seed-recaps-goals.js';
import { demoSetFor } from './sets/index.js';
import type { DemoSet } from './sets/index.js';
import type { Storage } from '../services/storage/storage.js';

export const demoPassword = 'portal-demo-1';

async function seedTenant(
  db: Kysely<Database>,
  tenant: TenantConfig,
  set: DemoSet,
  passwordHash: string,
  at: Date,
  storage: Storage,
  calendarOrigin: string | undefined,
) {
  const company = { id: await upsertCompany(db, tenant.id, set.company) };
  const stamps = { created_at: at, updated_at: at };
  const { userId: coachUserId, coachId } = await upsertCoach(db, {
    tenantId: tenant.id,
    email: `coach@${tenant.slug}.test`,
    person: set.coach,
    profile: set.coachProfile,
    timeZone: set.timeZone,
    passwordHash,
    at,
  });

  // The tenant admin (SPEC §3's role_id 1): the business's operations person, who adds people and keys.
  const adminId = await upsertUser(db, {
    tenant_id: tenant.id,
    email: `admin@${tenant.slug}.test`,
    role_id: 1,
    time_zone: set.timeZone,
    password_hash: passwordHash,
    ...set.admin,
    ...stamps,
  });

  const slug = tenant.slug;
  const clients = [
    { email: `client@${slug}.test`, flag: true, ...set.client },
    { email: `basic@${slug}.test`, flag: false, ...set.basic },
  ];
  const members: number[] = [];
  const clientIds: number[] = [];
  for (const { flag, ...client } of clients) {
    const clientId = await upsertUser(db, {
      tenant_id: tenant.id,
      company_id: company.id,
      role_id: 3,
      time_zone: set.timeZone,
      flags: JSON.stringify(everyFlag(flag)),
      password_hash: passwordHash,
      ...client,
      ...stamps,
    });
    await assignClient(db, { coach_id: coachId, client_id: clientId, tenant_id: tenant.id, since: at });
    await seedClientWork(db, { tenantId: tenant.id, clientId, coachId: coachId, full: flag, at, set });
    if (flag) await seedMetrics(db, { tenantId: tenant.id, clientId, at, set });
    await seedAssessments(db, { tenantId: tenant.id, clientId, companyId: company.id, set, full: flag, at });
    await seedMailbox(db, storage, {
      tenantId: tenant.id,
      coachUserId,
      clientId,
      firstName: client.first_name,
      full: flag,
      at,
      set,
    });
    if (flag) await seedFlashCoaching(db, { tenantId: tenant.id, clientId, at });
    if (flag) members.push(clientId);
    clientIds.push(clientId);
  }
  await seedGroups(db, {
    tenantId: tenant.id,
    tenantSlug: tenant.slug,
    coachId: coachId,
    memberIds: members,
    at,
    set,
  });
  await seedLessonFiles(db, storage, tenant.id);
  // The company's files are shared by its clients; client@ sent the clients' ones.
  await seedCompanyFiles(db, storage, {
    tenantId: tenant.id,
    companyId: company.id,
    coachUserId,
    clientId: clientIds[0]!,
    at,
    set,
  });
  await seedCoachLibrary(db, storage, {
    tenantId: tenant.id,
    coachId,
    companyId: company.id,
    clientId: clientIds[0]!,
    at,
    set,
  });
  // The pricing workshop's shared recap and the client's goals (client@'s, whose steps they link).
  await seedRecapsAndGoals(db, { tenantId: tenant.id, clientId: clientIds[0]!, coachUserId, at, set });
  const second = await seedSecondCoach(db, { tenant, set, passwordHash, at, storage });
  // The tenant's agreement: client@ and coach2's clients signed the current version, basic@ an earlier one.
  const secondsClients = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('email', 'in', [`client2@${slug}.test`, `client3@${slug}.test`])
    .execute();
  await seedAgreements(db, {
    tenantId: tenant.id,
    set,
    adminId,
    currentSigners: [clientIds[0]!, ...secondsClients.map((c) => c.id)],
    oldSigners: [clientIds[1]!],
    at,
  });
  const coaches = [
    { id: coachId, userId: coachUserId, person: set.coach, clientId: clientIds[0]! },
    { id: second.coachId, userId: second.userId, person: set.secondCoach.coach, clientId: null },
  ];
  for (const { person, clientId, ...coach } of coaches)
    await seedBooking(db, {
      tenant,
      coach: { ...coach, name: `${person.first_name} ${person.last_name}` },
      clientId,
      at,
      set,
      calendarOrigin,
    });
  await seedBilling(db, {
    tenant,
    set,
    coachId,
    adminId,
    clientId: clientIds[0]!,
    basicId: clientIds[1]!,
    at,
  });
  await seedForms(db, {
    tenantId: tenant.id,
    coachUserId,
    clientId: clientIds[0]!,
    basicId: clientIds[1]!,
    at,
    set,
  });
  // The demo coach gets the morning summary, so a local stack runs it (the second coach keeps the default, off).
  await setMorningSummary(db, coachUserId, true);
  // Last: the bells are made of what the steps above seeded (messages, lessons, bookings).
  await seedNotifications(db, {
    tenantId: tenant.id,
    coachUserId,
    coachId,
    clientId: clientIds[0]!,
    basicId: clientIds[1]!,
    coachName: `${set.coach.first_name} ${set.coach.last_name}`,
    at,
  });
}

export async function seedDemo(
  db: Kysely<Database>,
  tenants: TenantConfig[],
  /**
   * storage: where the demo attachment is written (the API's MAIL_STORAGE); calendarOrigin: where the local
   * stack serves the demo coaches' own calendars (seed-booking.ts), none for a seed without it.
   */
  options: { production: boolean; now?: Date; storage: Storage; calendarOrigin?: string | undefined },
): Promise<void> {
  if (options.production) {
    throw new Error('Refusing to seed demo accounts with a published password while NODE_ENV=production.');
  }
  await upsertTenants(db, tenants);
  const passwordHash = await hashPassword(demoPassword);
  const now = options.now ?? new Date();
  for (const tenant of tenants) {
    await seedTenant(
      db,
      tenant,
      demoSetFor(tenant.slug),
      passwordHash,
      now,
      options.storage,
      options.calendarOrigin,
    );
  }
  await planSeededReminders(db, now);
}

/**
 * The seeded meetings still to come get their reminders, as a meeting written through the API does: planned
 * again from scratch, so seeding twice plans each once.
 */
async function planSeededReminders(db: Kysely<Database>, now: Date): Promise<void> {
  const meetings = await db.selectFrom('meetings').select('id').where('starts_at', '>', now).execute();
  await db.transaction().execute(async (trx) => {
    for (const { id } of meetings) await planMeetingReminders(trx, id, now);
  });
}
