// Each person's calendar feed out: a secret address any calendar app subscribes to (METHOD:PUBLISH), holding
// their portal meetings from 30 days back to a year ahead, each with the UID of its invitation mails, so a
// meeting that was also imported from a mail is one event, not two. A coach's feed holds their meetings with
// the clients their scope reaches (meetings-repository.ts); a client's, their own meetings: nobody else's.
// The token is stored hashed; making a new one replaces the old in one statement and revoking deletes it, so
// the old address answers 404 at once. An unknown, rotated or revoked token, or a person who can no longer sign
// in, is the same 404 after the same one indexed lookup.
import type { Kysely } from 'kysely';
import { feedIcs, type FeedEvent } from '../../../../contracts/ics.js';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { roleOf } from '../access/roles.js';
import type { Actor } from '../access/scope.js';
import { newToken, sha256 } from '../auth/secrets.js';
import { meetingUid } from '../coach/meeting-mail.js';
import { coachProfile, listMeetings } from '../coach/meetings-repository.js';
import type { TenantConfig } from '../tenants/tenant-files.js';
import { clientMeetings, deleteFeedToken, feedOwner, feedStatus, saveFeedToken } from './feed-repository.js';

interface FeedDeps {
  db: Kysely<Database>;
  now: () => Date;
  tenants: TenantConfig[];
}

const DAY = 86_400_000;
const notFound = () => new HttpError(404, 'This calendar feed does not exist.');

export function createCalendarFeed({ db, now, tenants }: FeedDeps) {
  const tenantOf = (id: number) => {
    const tenant = tenants.find((t) => t.id === id);
    if (!tenant) throw notFound();
    return tenant;
  };

  /** The events of a person's feed, or undefined when their role has none. */
  async function events(actor: Actor, tenant: TenantConfig, at: Date): Promise<FeedEvent[] | undefined> {
    const from = new Date(at.getTime() - 30 * DAY);
    const to = new Date(at.getTime() + 365 * DAY);
    const event = (m: {
      id: number;
      title: string;
      agenda: string;
      starts_at: Date;
      duration_minutes: number;
      meeting_url: string | null;
      place: string | null;
      sequence: number;
    }): Omit<FeedEvent, 'title'> => ({
      // The UID of the meeting's invitation mails (meeting-mail.ts).
      uid: meetingUid(tenant, m.id),
      sequence: m.sequence,
      stamp: at,
      start: m.starts_at,
      minutes: m.duration_minutes,
      description: m.agenda,
      location: m.place ?? m.meeting_url,
      url: m.meeting_url,
    });
    if (actor.role === 'client')
      return (await clientMeetings(db, actor, from, to)).map((m) => ({
        ...event(m),
        title: `${m.title} (${tenant.name})`,
      }));
    if (actor.role !== 'coach') return undefined;
    const coach = await coachProfile(db, actor);
    if (!coach) return [];
    return (await listMeetings(db, actor, coach.id, from, to)).map((m) => ({
      ...event(m),
      // The coach's calendar names whom each meeting is with.
      title: `${m.title} (${m.first_name} ${m.last_name})`,
    }));
  }

  return {
    /** Since when the person's feed address works; null when they have none. */
    async status(actor: Actor) {
      const row = await feedStatus(db, actor);
      return row ? { created_at: row.created_at } : null;
    },
    /** A new address (the previous one stops at once): the one time it is shown. */
    async make(actor: Actor) {
      const token = newToken();
      await saveFeedToken(db, actor, sha256(token), now());
      const url = `${tenantOf(actor.tenantId).apiOrigin}/api/v1/calendar-feeds/${token}.ics`;
      return { url, webcal: url.replace(/^https?:/, 'webcal:') };
    },
    async revoke(actor: Actor) {
      await deleteFeedToken(db, actor);
    },
    /** The feed a token is the key of, as iCalendar text; a 404 for any token that is not one. */
    async read(token: string): Promise<string> {
      const owner = await feedOwner(db, sha256(token));
      if (!owner) throw notFound();
      const tenant = tenantOf(owner.tenant_id);
      const actor: Actor = {
        tenantId: owner.tenant_id,
        userId: owner.id,
        role: roleOf(owner.role_id),
        companyId: owner.company_id,
      };
      const at = now();
      const list = await events(actor, tenant, at);
      if (!list) throw notFound();
      return feedIcs(tenant.name, list);
    },
  };
}
