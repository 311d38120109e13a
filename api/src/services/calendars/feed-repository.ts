// Feed tokens (migration 1880): one a person, kept as its SHA-256. Making one replaces the person's previous hash
// in the same statement, so a rotated address stops answering at the moment the new one exists.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { owned } from '../access/scope.js';
import type { Actor } from '../access/scope.js';

export function feedStatus(db: Kysely<Database>, actor: Actor) {
  return db
    .selectFrom('calendar_feed_tokens')
    .select('created_at')
    .where('user_id', '=', actor.userId)
    .where('tenant_id', '=', actor.tenantId)
    .executeTakeFirst();
}

export async function saveFeedToken(db: Kysely<Database>, actor: Actor, tokenHash: string, at: Date) {
  await db
    .insertInto('calendar_feed_tokens')
    .values({ tenant_id: actor.tenantId, user_id: actor.userId, token_hash: tokenHash, created_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: at }))
    .execute();
}

export async function deleteFeedToken(db: Kysely<Database>, actor: Actor) {
  await db
    .deleteFrom('calendar_feed_tokens')
    .where('user_id', '=', actor.userId)
    .where('tenant_id', '=', actor.tenantId)
    .execute();
}

/** The person a token is the key of, while they may still sign in; undefined for any other token. */
export function feedOwner(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('calendar_feed_tokens as f')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'f.user_id').onRef('u.tenant_id', '=', 'f.tenant_id'),
    )
    .select(['u.id', 'u.tenant_id', 'u.role_id', 'u.company_id'])
    .where('f.token_hash', '=', tokenHash)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
}

/** A client's own meetings ending after `from` and starting before `to`, with their coach's name. */
export function clientMeetings(db: Kysely<Database>, client: Actor, from: Date, to: Date) {
  return db
    .selectFrom('meetings as m')
    .where(owned(client, 'meetings as m'))
    .leftJoin('coaches', 'coaches.id', 'm.coach_id')
    .leftJoin('users as coach', 'coach.id', 'coaches.user_id')
    .select([
      'm.id',
      'm.title',
      'm.agenda',
      'm.starts_at',
      'm.duration_minutes',
      'm.meeting_url',
      'm.place',
      'm.sequence',
      'coach.first_name as coach_first_name',
      'coach.last_name as coach_last_name',
    ])
    .where('m.starts_at', '<', to)
    .where(sql<boolean>`m.starts_at + m.duration_minutes * interval '1 minute' > ${from}`)
    .orderBy('m.starts_at')
    .orderBy('m.id')
    .execute();
}
