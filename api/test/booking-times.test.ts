// Where and when a booking can be, through the API on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh): the room follows tenant.json's kind (instances deployed with each), the coach's
// meetings, group sessions and outside calendars' busy times take slots away with the buffer after them, an Amsterdam coach's 09:00-17:00 is
// 09:00-17:00 there on both sides of the clocks going forward as a New York client's days show it, and the
// database refuses two overlapping client bookings of one coach even on a path that took no lock.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CALL } from '../src/services/booking/rooms.js';
import {
  CLIENT_ZONE,
  ZONE,
  assign,
  bookingWorld,
  call,
  everyDay,
  icsOf,
  newClient,
  newCoach,
  newType,
  saveHours,
  slotsOf,
  starts,
  wallClock,
} from './helpers/booking.js';
import type { BookingWorld, Coach } from './helpers/booking.js';
import { ALPHA, Harness, fixtureTenants } from './helpers/harness.js';
import { mailsTo } from './helpers/mail.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Coach;
let client: Person;
let typeId: number;
let book: BookingWorld['book'];
beforeAll(async () => {
  await h.start();
  ({ coach, client, typeId, book } = await bookingWorld(h));
});
afterAll(() => h.stop());

describe('rooms', () => {
  /** An instance deployed with alpha's tenant.json saying these rooms (as a deploy changes it). */
  async function deployedWith(rooms: object) {
    const dir = await mkdtemp(join(tmpdir(), 'portal-rooms-'));
    await cp(fixtureTenants, dir, { recursive: true });
    const file = join(dir, 'alpha', 'tenant.json');
    const config = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...config, booking: { ...config.booking, rooms } }));
    const app = await h.build({ tenantsDir: dir });
    return {
      app,
      async close() {
        await app.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  // The file's own instance wrote alpha's rooms first; the last instance built writes them back.
  afterAll(async () =>
    (await deployedWith({ kind: 'jitsi', baseUrl: 'https://meet.alpha-coaching.example/' })).close(),
  );

  it("follow tenant.json's kind for video, the type's place, and say a phone call is one", async () => {
    const on = async (app: FastifyInstance, start: string, type = typeId) => {
      const res = await call(
        h,
        client,
        'POST',
        '/api/v1/booking',
        { coach_id: coach.user.id, type_id: type, start },
        app,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { meeting_url: string | null; place: string | null; id: number };
    };
    const coachRooms = await deployedWith({ kind: 'coach' });
    try {
      expect(await on(coachRooms.app, '2027-03-23T08:00:00.000Z')).toMatchObject({
        meeting_url: `https://rooms.example/casey-${coach.user.id}`,
        place: null,
      });
    } finally {
      await coachRooms.close();
    }
    const none = await deployedWith({ kind: 'none' });
    try {
      expect(await on(none.app, '2027-03-23T09:00:00.000Z')).toMatchObject({
        meeting_url: null,
        place: null,
      });
      const place = await newType(h, coach, {
        name: 'Visit',
        location: 'place',
        place: 'Studio, 12 Main St',
      });
      expect(await on(none.app, '2027-03-23T10:00:00.000Z', place)).toMatchObject({
        meeting_url: null,
        place: 'Studio, 12 Main St',
      });
      const phone = await newType(h, coach, { name: 'Call', location: 'phone' });
      expect(await on(none.app, '2027-03-23T11:00:00.000Z', phone)).toMatchObject({
        meeting_url: null,
        place: PHONE_CALL,
      });
    } finally {
      await none.close();
    }
    // The place is the invitation's LOCATION, with no URL.
    const mails = await mailsTo(h.mailDir, client.user.email);
    const { event } = icsOf(mails.find((m) => m.subject.includes('"Visit"'))!);
    expect(event.location).toBe('Studio, 12 Main St');
    expect(event.component.getFirstPropertyValue('url')).toBeNull();
  });
});

describe('slots', () => {
  /** The starts of the client's free slots on one date, on the coach's wall clock (HH:mm). */
  const slotsOnCoachClock = async (date: string) =>
    starts((await slotsOf(h, client, coach.user.id, typeId, date)).days).map((s) => wallClock(s, ZONE));

  it("leave out the coach's meetings and group sessions, with the buffer after each", async () => {
    const other = await newClient(h, coach, CLIENT_ZONE);
    // Thursday 25 March: the coach's own meeting 10:00-11:00 and a group session 14:00-15:00 (Amsterdam, UTC+1).
    const set = await call(h, coach, 'POST', '/api/v1/coach/meetings', {
      client_id: other.user.id,
      title: 'Own',
      start: '2027-03-25T10:00',
      duration_minutes: 60,
      place: 'Office',
    });
    expect(set.statusCode, set.body).toBe(201);
    const { id: groupId } = await h.db
      .insertInto('groups')
      .values({
        tenant_id: ALPHA,
        coach_id: coach.coachId,
        name: 'Sessions',
        title: 'Sessions',
        slug: `sessions-${coach.coachId}`,
        created_at: h.clock.now(),
        updated_at: h.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('group_sessions')
      .values({
        tenant_id: ALPHA,
        group_id: groupId,
        title: 'Live',
        starts_at: new Date('2027-03-25T13:00:00Z'),
        duration_minutes: 60,
        time_zone: ZONE,
      })
      .execute();
    const local = await slotsOnCoachClock('2027-03-25');
    expect(local).toEqual([
      '09:00',
      // 09:30 would leave the coach no 10 minutes before their 10:00.
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
    ]);
  });

  it("leave out the coach's outside calendars' busy times (a failing one with its last good read), with the buffer", async () => {
    // Wednesday 24 March (Amsterdam, UTC+1): 10:00-10:45 on one calendar, 13:15-13:30 on another that now fails.
    const connect = (label: string, problem: string | null) =>
      h.db
        .insertInto('calendar_connections')
        .values({
          tenant_id: ALPHA,
          coach_id: coach.coachId,
          label,
          url: `https://calendar.test/${label}.ics`,
          host: 'calendar.test',
          created_at: h.clock.now(),
          problem,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const work = await connect('work', null);
    const family = await connect('family', 'The calendar’s server could not be reached.');
    await h.db
      .insertInto('calendar_busy')
      .values([
        {
          connection_id: work.id,
          starts_at: new Date('2027-03-24T09:00:00Z'),
          ends_at: new Date('2027-03-24T09:45:00Z'),
        },
        {
          connection_id: family.id,
          starts_at: new Date('2027-03-24T12:15:00Z'),
          ends_at: new Date('2027-03-24T12:30:00Z'),
        },
      ])
      .execute();
    const local = await slotsOnCoachClock('2027-03-24');
    await h.db.deleteFrom('calendar_connections').where('coach_id', '=', coach.coachId).execute();
    expect(local).toEqual([
      // 09:30 would leave the coach no 10 minutes before the work calendar's 10:00; 10:30 overlaps it.
      '09:00',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      // 13:00 overlaps the family calendar's 13:15 (its last good read counts while it fails).
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
    ]);
  });

  it("of an Amsterdam coach are 09:00-17:00 there on both sides of the clocks going forward, on a New York client's days", async () => {
    const days = (await slotsOf(h, client, coach.user.id, typeId, '2027-03-27', 3)).days;
    expect(days.map((d) => d.date)).toEqual(['2027-03-27', '2027-03-28', '2027-03-29']);
    for (const day of days) {
      expect(wallClock(day.slots[0]!.start, ZONE)).toBe('09:00');
      expect(wallClock(day.slots.at(-1)!.end, ZONE)).toBe('17:00');
      expect(day.slots).toHaveLength(16);
    }
    // The same wall clock is an hour earlier in UTC after the change (UTC+1 -> UTC+2).
    expect(days[0]!.slots[0]!.start).toBe('2027-03-27T08:00:00.000Z');
    expect(days[2]!.slots[0]!.start).toBe('2027-03-29T07:00:00.000Z');
    // New York had already changed: 04:00 there on Saturday, 03:00 on Monday.
    expect(wallClock(days[0]!.slots[0]!.start, CLIENT_ZONE)).toBe('04:00');
    expect(wallClock(days[2]!.slots[0]!.start, CLIENT_ZONE)).toBe('03:00');
  });
});

describe('the database', () => {
  it('refuses two overlapping client bookings of one coach even without the lock, as a 409', async () => {
    const other = await newClient(h, coach, CLIENT_ZONE);
    const start = '2027-03-30T08:00:00.000Z';
    const row = {
      tenant_id: ALPHA,
      coach_id: coach.coachId,
      title: 'Direct',
      starts_at: new Date('2027-03-30T08:15:00Z'),
      duration_minutes: 30,
      time_zone: ZONE,
      booked_by: 'client' as const,
    };
    // Written straight to the table, twice: the second overlaps the first.
    await h.db
      .insertInto('meetings')
      .values({ ...row, client_id: other.user.id })
      .execute();
    await expect(
      h.db
        .insertInto('meetings')
        .values({ ...row, client_id: client.user.id, starts_at: new Date(start) })
        .execute(),
    ).rejects.toMatchObject({ code: '23P01' });
    // A coach's own meeting may still overlap (the coach confirmed it).
    await h.db
      .insertInto('meetings')
      .values({ ...row, client_id: client.user.id, booked_by: 'coach' })
      .execute();
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL, a booking whose check passed while another uncommitted one held the time gets the 409',
    async () => {
      const other = await newClient(h, coach, CLIENT_ZONE);
      const start = '2027-03-31T08:00:00.000Z';
      await h.db.connection().execute(async (racer) => {
        await sql`begin`.execute(racer);
        // Another path that took no lock: the API's check cannot see this row until it commits.
        await sql`insert into meetings (tenant_id, client_id, coach_id, title, starts_at, duration_minutes,
          time_zone, booked_by) values (${ALPHA}, ${other.user.id}, ${coach.coachId}, 'Racer', ${start}, 30,
          ${ZONE}, 'integration')`.execute(racer);
        const booking = book(client, start);
        // The API's insert now waits on the constraint for the racer's transaction.
        await expect
          .poll(
            async () =>
              Number(
                (await sql<{ n: string }>`select count(*) as n from pg_locks where not granted`.execute(h.db))
                  .rows[0]!.n,
              ),
            { timeout: 15_000 },
          )
          .toBeGreaterThan(0);
        await sql`commit`.execute(racer);
        const res = await booking;
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().nearest).toHaveLength(3);
      });
    },
  );
});

// A client assigned later still books; used to show assignment is what opens a coach.
describe('assignment', () => {
  it('a coach opens to a client once they are assigned', async () => {
    const later = await newCoach(h, ZONE);
    await saveHours(h, later, everyDay('09:00', '17:00'));
    const type = await newType(h, later);
    const res = () =>
      call(
        h,
        client,
        'GET',
        `/api/v1/booking/slots?coach_id=${later.user.id}&type_id=${type}&from=2027-03-22`,
      );
    expect((await res()).statusCode).toBe(404);
    await assign(h, later, client);
    expect((await res()).statusCode).toBe(200);
  });
});
