// The tenant's second coach (coach2@<slug>.test) and their own two clients at another business of the set
// (client2@ and client3@): enough for the coach's workspace to show a day's work (a kick-off session each, an
// overdue step, an unread question, a file the coach sent the business) and for either coach to see that the other's clients are not theirs. A
// client who already has meetings is left alone: seeding twice changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { sanitizeBody } from '../services/mailbox/sanitize-body.js';
import type { Storage } from '../services/storage/storage.js';
import type { TenantConfig } from '../services/tenants/tenant-files.js';
import { meetingRoom } from './seed-client-work.js';
import { seedCoachFile } from './seed-company-files.js';
import { assignClient, upsertCoach, upsertCompany, upsertUser } from './seed-people.js';
import type { DemoSet } from './sets/index.js';
import { isoDay, workingDay, zonedTime } from './working-days.js';

interface SecondCoachSeed {
  tenant: TenantConfig;
  set: DemoSet;
  passwordHash: string;
  at: Date;
  storage: Storage;
}

/** Seeds the second coach and their clients; resolves to the coach (coaches.id and user id). */
export async function seedSecondCoach(
  db: Kysely<Database>,
  seed: SecondCoachSeed,
): Promise<{ userId: number; coachId: number }> {
  const { tenant, set, at } = seed;
  const team = set.secondCoach;
  const zone = set.timeZone;
  const coach = await upsertCoach(db, {
    tenantId: tenant.id,
    email: `coach2@${tenant.slug}.test`,
    person: team.coach,
    profile: team.profile,
    timeZone: zone,
    passwordHash: seed.passwordHash,
    at,
  });
  const companyId = await upsertCompany(db, tenant.id, team.company);

  const clientIds: number[] = [];
  for (const [index, person] of team.clients.entries()) {
    const clientId = await upsertUser(db, {
      tenant_id: tenant.id,
      email: `client${index + 2}@${tenant.slug}.test`,
      company_id: companyId,
      role_id: 3,
      time_zone: zone,
      password_hash: seed.passwordHash,
      ...person,
      created_at: at,
      updated_at: at,
    });
    await assignClient(db, { coach_id: coach.coachId, client_id: clientId, tenant_id: tenant.id, since: at });
    clientIds.push(clientId);
    const already = await db
      .selectFrom('meetings')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (already) continue;
    const owner = { tenant_id: tenant.id, client_id: clientId };
    await db
      .insertInto('meetings')
      .values({
        ...owner,
        coach_id: coach.coachId,
        title: 'Kick-off session',
        agenda: team.kickOff,
        // One after the other on the same day, within office hours.
        starts_at: zonedTime(workingDay(at, 1, zone), 10 + 2 * index, 0, zone),
        duration_minutes: 60,
        time_zone: zone,
        meeting_url: meetingRoom(team.company.name, `Kick-off ${person.first_name}`),
      })
      .execute();
    if (index > 0) continue;
    await db
      .insertInto('action_steps')
      .values({
        ...owner,
        ...team.overdueStep,
        status: 0,
        due_date: isoDay(workingDay(at, -3, zone)),
        created_at: at,
        updated_at: at,
      })
      .execute();
    const sent = zonedTime(workingDay(at, -1, zone), 16, 30, zone);
    await db
      .insertInto('emails')
      .values({
        tenant_id: tenant.id,
        parent_id: null,
        from_user_id: clientId,
        to_user_id: coach.userId,
        subject: team.message.subject,
        body: sanitizeBody(team.message.body),
        read: false,
        created_at: sent,
        updated_at: sent,
      })
      .execute();
  }
  await seedCoachFile(
    db,
    seed.storage,
    { tenantId: tenant.id, companyId, coachUserId: coach.userId, clientId: clientIds[0]!, at, set },
    team.file,
  );
  return coach;
}
