// The demo booking (npm start shows a real /book): every demo coach of every example tenant has office hours,
// the tenant's meeting types and their own calendar read from the local host serving it; client@ has booked two
// meetings inside those hours; the slots client@ is offered keep clear of every busy time, and the coach's
// Refresh reads the calendar again from its host. Seeding twice changes nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCalendar } from '../src/seed/demo-calendar.js';
import { seedDemo } from '../src/seed/seed.js';
import { demoSetFor } from '../src/seed/sets/index.js';
import { loadTenantFiles, type TenantConfig } from '../src/services/tenants/tenant-files.js';
import { Harness, fixtureTenants } from './helpers/harness.js';
import { call, slotsOf, starts, wallClock } from './helpers/booking.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let host: Server;
let origin: string;
let examples: TenantConfig[];
let requests = 0;

beforeAll(async () => {
  await h.start();
  // The demo calendars' host, as scripts/lib/demo-calendars.ts serves them to a local stack's API.
  host = createServer((request, response) => {
    requests += 1;
    const slug = /^\/demo-calendars\/([a-z0-9-]+)\/\d+\.ics$/.exec(request.url ?? '')?.[1];
    if (!slug) return void response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': 'text/calendar' })
      .end(demoCalendar(demoSetFor(slug).timeZone, h.clock.now()));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  examples = await loadTenantFiles(join(import.meta.dirname, '../../tenants'), { warn: () => {} });
  const fixtures = await loadTenantFiles(fixtureTenants, { warn: () => {} });
  for (let i = 0; i < 2; i += 1)
    await seedDemo(h.db, [...examples, ...fixtures], {
      production: false,
      now: h.clock.now(),
      storage: h.storage,
      calendarOrigin: origin,
    });
});
afterAll(async () => {
  await h.stop();
  await new Promise((resolve) => host.close(resolve));
});

/** The seeded coaches of a tenant, with what booking needs of them. */
async function coachesOf(tenantId: number) {
  return h.db
    .selectFrom('coaches')
    .innerJoin('users', 'users.id', 'coaches.user_id')
    .select(['coaches.id', 'coaches.room_url', 'users.email', 'users.id as user_id'])
    .where('coaches.tenant_id', '=', tenantId)
    .orderBy('users.email')
    .execute();
}

describe('seed: booking', () => {
  it('gives every demo coach of every example tenant hours, the tenant’s meeting types and their calendar', async () => {
    expect(examples.map((t) => t.slug).sort()).toEqual(['acme', 'demo', 'globex']);
    for (const tenant of examples) {
      const coaches = await coachesOf(tenant.id);
      expect(coaches.map((c) => c.email)).toEqual([
        `coach2@${tenant.slug}.test`,
        `coach@${tenant.slug}.test`,
      ]);
      for (const coach of coaches) {
        const ranges = await h.db
          .selectFrom('availability_ranges')
          .select(['weekday', 'start_time', 'end_time'])
          .where('coach_id', '=', coach.id)
          .execute();
        expect(ranges, coach.email).toHaveLength(10);
        expect(new Set(ranges.map((r) => r.weekday))).toEqual(new Set([1, 2, 3, 4, 5]));
        const types = await h.db
          .selectFrom('meeting_types')
          .select('name')
          .where('coach_id', '=', coach.id)
          .orderBy('id')
          .execute();
        expect(types.map((t) => t.name)).toEqual(tenant.booking.meetingTypes.map((t) => t.name));
        expect(types.length).toBeGreaterThanOrEqual(2);
        // A tenant whose rooms are the coach's own gives each demo coach a real one.
        if (tenant.booking.rooms.kind === 'coach')
          expect(coach.room_url).toMatch(/^https:\/\/meet\.jit\.si\/\S+$/);
        const calendars = await h.db
          .selectFrom('calendar_connections')
          .select(['id', 'url', 'last_success_at', 'problem'])
          .where('coach_id', '=', coach.id)
          .execute();
        expect(calendars).toHaveLength(1);
        expect(calendars[0]!.url).toMatch(new RegExp(`^${origin}/demo-calendars/${tenant.slug}/\\d+\\.ics$`));
        expect(calendars[0]!.last_success_at).not.toBeNull();
        expect(calendars[0]!.problem).toBeNull();
        const busy = await h.db
          .selectFrom('calendar_busy')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('connection_id', '=', calendars[0]!.id)
          .executeTakeFirstOrThrow();
        expect(Number(busy.n)).toBeGreaterThan(20);
      }
    }
  });

  it('has client@ booked twice, each inside the coach’s hours on a weekday still to come, with a real room', async () => {
    for (const tenant of examples) {
      const booked = await h.db
        .selectFrom('meetings')
        .innerJoin('users', 'users.id', 'meetings.client_id')
        .select([
          'starts_at',
          'duration_minutes',
          'meeting_url',
          'place',
          'meeting_type_id',
          'meetings.time_zone',
        ])
        .where('meetings.tenant_id', '=', tenant.id)
        .where('booked_by', '=', 'client')
        .where('users.email', '=', `client@${tenant.slug}.test`)
        .orderBy('starts_at')
        .execute();
      expect(booked, tenant.slug).toHaveLength(2);
      for (const m of booked) {
        expect(m.starts_at.getTime()).toBeGreaterThan(h.clock.now().getTime());
        expect(m.meeting_type_id).not.toBeNull();
        const start = wallClock(m.starts_at.toISOString(), m.time_zone);
        const end = wallClock(
          new Date(+m.starts_at + m.duration_minutes * 60_000).toISOString(),
          m.time_zone,
        );
        const inside = (from: string, to: string) => start >= from && end <= to && start < end;
        expect(inside('09:00', '12:00') || inside('13:00', '17:00'), `${start}–${end}`).toBe(true);
        const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: m.time_zone }).format(
          m.starts_at,
        );
        expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(day);
        expect(m.meeting_url ?? m.place).toMatch(/^(https:\/\/meet\.jit\.si\/\S+|.+)$/);
      }
      // The morning session is a video call in a room of its own.
      expect(booked.some((m) => m.meeting_url?.startsWith('https://meet.jit.si/'))).toBe(true);
    }
  });

  it('offers client@ only times clear of the coach’s own calendar, and Refresh reads it again from its host', async () => {
    const client = await signIn(h, { demo: 'client' });
    const coach = await signIn(h, { demo: 'coach' });
    const [row] = await h.db
      .selectFrom('meeting_types')
      .innerJoin('coaches', 'coaches.id', 'meeting_types.coach_id')
      .select(['meeting_types.id', 'coaches.id as coach_id'])
      .where('coaches.user_id', '=', coach.user.id)
      .orderBy('meeting_types.id')
      .execute();
    const from = new Date(h.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const page = await slotsOf(h, client, coach.user.id, row!.id, from, 28);
    const offered = starts(page.days);
    expect(offered.length).toBeGreaterThan(20);
    const busy = await h.db
      .selectFrom('calendar_busy')
      .innerJoin('calendar_connections', 'calendar_connections.id', 'calendar_busy.connection_id')
      .select(['starts_at', 'ends_at'])
      .where('calendar_connections.coach_id', '=', row!.coach_id)
      .execute();
    const slots = page.days.flatMap((d) => d.slots);
    for (const slot of slots)
      for (const b of busy)
        expect(+new Date(slot.start) < +b.ends_at && +new Date(slot.end) > +b.starts_at, slot.start).toBe(
          false,
        );

    const [calendar] = (await call(h, coach, 'GET', '/api/v1/coach/calendars')).json().data as {
      id: number;
    }[];
    const before = requests;
    const refreshed = await call(h, coach, 'POST', `/api/v1/coach/calendars/${calendar!.id}/refresh`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().data).toMatchObject({ state: 'ok', problem: null });
    expect(requests).toBe(before + 1);
  });

  it('adds nothing when seeded again', async () => {
    const count = async (table: 'availability_ranges' | 'meeting_types' | 'calendar_connections') =>
      Number(
        (
          await h.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const booked = () =>
      h.db
        .selectFrom('meetings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('booked_by', '=', 'client')
        .executeTakeFirstOrThrow();
    // Five tenants (three examples, two fixtures), two coaches each.
    expect(await count('availability_ranges')).toBe(5 * 2 * 10);
    expect(await count('calendar_connections')).toBe(5 * 2);
    // beta's tenant.json names no meeting types: its coaches have none, and client@ there booked nothing.
    expect(Number((await booked()).n)).toBe(4 * 2);
    expect(await count('meeting_types')).toBeGreaterThan(0);
  });
});
