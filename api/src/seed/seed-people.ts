// The demo's people: users found by their email (seeding twice adds no one) and coaches with their profile. Every
// demo person signs in with the README's demo password, coaches too, so the coach's workspace can be tried.
import type { Kysely } from 'kysely';
import type { Database, NewUser } from '../db/database.js';

export async function upsertUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.columns(['tenant_id', 'email']).doNothing())
    .execute();
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', user.tenant_id)
    .where('email', '=', user.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

interface CoachSeed {
  tenantId: number;
  email: string;
  person: { first_name: string; last_name: string; title: string; location: string; phone_number: string };
  profile: { bio: string; specialties: string; certifications: string; years_experience: number };
  timeZone: string;
  passwordHash: string;
  at: Date;
}

/** A coach's user (role_id 2) and profile; returns the user's id and the coach's. */
export async function upsertCoach(
  db: Kysely<Database>,
  seed: CoachSeed,
): Promise<{ userId: number; coachId: number }> {
  const userId = await upsertUser(db, {
    tenant_id: seed.tenantId,
    email: seed.email,
    role_id: 2,
    password_hash: seed.passwordHash,
    ...seed.person,
    time_zone: seed.timeZone,
    created_at: seed.at,
    updated_at: seed.at,
  });
  await db
    .insertInto('coaches')
    .values({
      tenant_id: seed.tenantId,
      user_id: userId,
      // The demo coaches have no booking page, so the coach card offers no "Book a session" (a made-up
      // address would lead nowhere); the website and social links stay empty for the same reason.
      booking_url: null,
      ...seed.profile,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const coach = await db
    .selectFrom('coaches')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { userId, coachId: coach.id };
}

export async function assignClient(
  db: Kysely<Database>,
  row: { coach_id: number; client_id: number; tenant_id: number; since: Date },
): Promise<void> {
  await db
    .insertInto('coach_clients')
    .values(row)
    .onConflict((oc) => oc.columns(['coach_id', 'client_id']).doNothing())
    .execute();
}

/** The company of that name in the tenant, made if missing; its id. */
export async function upsertCompany(
  db: Kysely<Database>,
  tenantId: number,
  company: { name: string; industry: string },
): Promise<number> {
  await db
    .insertInto('companies')
    .values({ tenant_id: tenantId, ...company })
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
    .execute();
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', company.name)
    .executeTakeFirstOrThrow();
  return row.id;
}
