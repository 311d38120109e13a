// The coach's own row: authored content names its coach by coaches.id, so every authoring call starts from the
// caller's row in their tenant (a coach without one, which the seed never makes, can author nothing).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import type { Actor } from '../access/scope.js';

export async function coachIdOf(db: Kysely<Database>, coach: Actor): Promise<number> {
  const row = await db
    .selectFrom('coaches')
    .select('id')
    .where('user_id', '=', coach.userId)
    .where('tenant_id', '=', coach.tenantId)
    .executeTakeFirst();
  if (coach.role !== 'coach' || !row) throw new HttpError(403, 'This is not available to your account.');
  return row.id;
}

/** A slug unique in the tenant however often the same title is used: the title's words and a random tail. */
export function slugOf(title: string): string {
  const words = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${words || 'item'}-${Math.random().toString(36).slice(2, 8)}`;
}
