// Reading back what the demo seed wrote for one tenant, for the property checks of demo-seed.test.ts: the
// wall-clock time of an instant in a zone, every link a page would show, and all of the tenant's text (rows
// and the text files in the storage) to search for words of another business.
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.js';
import type { Storage } from '../../src/services/storage/storage.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The instant's wall clock in `timeZone`: its weekday name, 'MM-DD', 'YYYY-MM-DD' and minutes since midnight. */
export function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    weekday: get('weekday'),
    monthDay: `${get('month')}-${get('day')}`,
    date: `${get('year')}-${get('month')}-${get('day')}`,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

export const weekdayOf = (isoDate: string): string => WEEKDAYS[new Date(`${isoDate}T12:00:00Z`).getUTCDay()]!;

/** The app's own routes (app/src/config/paths.ts), as patterns: a link inside the portal must match one. */
export function appRoutes(): RegExp[] {
  const source = readFileSync(new URL('../../../app/src/config/paths.ts', import.meta.url), 'utf8');
  return [...source.matchAll(/`([^`]+)`|'(\/[^']*)'/g)]
    .map((m) => (m[1] ?? m[2])!)
    .filter((path) => path.startsWith('/'))
    .map((path) => new RegExp(`^${path.replace(/\$\{[^}]+\}/g, '[^/]+')}$`));
}

/** Every link the portal shows of the tenant's demo data, with where it comes from. */
export async function tenantLinks(db: Kysely<Database>, tenantId: number) {
  const links: { from: string; url: string }[] = [];
  const add = (from: string, values: (string | null)[]) => {
    for (const url of values) if (url !== null && url !== '') links.push({ from, url });
  };
  const rows = async (table: keyof Database, columns: string[]) => {
    const found = (await db
      .selectFrom(table as 'users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute()) as unknown as Record<string, string | null>[];
    return found.flatMap((row) => columns.map((c) => row[c] ?? null));
  };
  add('meetings', await rows('meetings', ['meeting_url']));
  add('lesson meetings', await rows('lesson_meetings', ['meeting_url']));
  add('recordings', await rows('lesson_recordings', ['recording_url']));
  add('lesson resources', await rows('lesson_resources', ['url']));
  add('lessons', await rows('lessons', ['quiz_url', 'lesson_video', 'lesson_img']));
  add('groups', await rows('groups', ['group_img', 'intro_video']));
  add('coaches', await rows('coaches', ['booking_url']));
  add('users', await rows('users', ['website', 'linkedin', 'facebook', 'twitter', 'profile_pic']));
  add('companies', await rows('companies', ['website']));
  add('coach resources', await rows('coach_resources', ['url']));
  add('notifications', await rows('notifications', ['link']));
  for (const body of await rows('emails', ['body']))
    add(
      'mail',
      [...(body ?? '').matchAll(/href="([^"]*)"/g)].map((m) => m[1]!),
    );
  return links;
}

/** All the tenant's demo text, lower case: its rows as JSON and the text files in its company files. */
export async function tenantText(db: Kysely<Database>, storage: Storage, tenantId: number): Promise<string> {
  const tables = [
    'companies',
    'users',
    'coaches',
    'meetings',
    'lesson_meetings',
    'meeting_notes',
    'action_steps',
    'commitments',
    'team_members',
    'tasks',
    'assessments',
    'assessment_areas',
    'implementation_steps',
    'metrics',
    'metric_values',
    'emails',
    'mail_attachments',
    'company_files',
    'groups',
    'lessons',
    'lesson_resources',
    'academy_modules',
    'coach_resources',
  ] as const;
  const parts: string[] = [];
  for (const table of tables) {
    const found = await db
      .selectFrom(table as 'users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();
    // Not the password hashes: an argon2 hash starts with a dollar sign.
    parts.push(JSON.stringify(found, (key, value: unknown) => (key === 'password_hash' ? undefined : value)));
  }
  const items = await db
    .selectFrom('company_file_items as i')
    .innerJoin('company_files as f', 'f.id', 'i.company_file_id')
    .select(['i.name', 'i.object_key', 'i.content_type'])
    .where('f.tenant_id', '=', tenantId)
    .execute();
  for (const item of items) {
    parts.push(item.name);
    if (item.content_type.startsWith('text/'))
      parts.push((await storage.get(item.object_key))!.toString('utf8'));
  }
  return parts.join('\n').toLowerCase();
}
