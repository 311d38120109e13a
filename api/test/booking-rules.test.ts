// A client books their coach's free time through the API on a real migrated database (PGlite, or PostgreSQL
// through scripts/with-postgres.sh): only their own coach, only the types open to them, only with the booking
// flag; the meeting is on their schedule and the coach's Today, both are mailed the invitation (ical.js reads
// it: the same UID on a move with SEQUENCE raised, METHOD:CANCEL on a cancel); past the notice a move or cancel
// is refused with the policy, through every door. Rooms and times: booking-times.test.ts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticePolicy } from '../src/services/booking/booked-meeting.js';
import { keyCall, makeApiKey } from './helpers/api-keys.js';
import {
  CLIENT_ZONE,
  ZONE,
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
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';
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

const eventsOf = async (type: string, meetingId: number) =>
  (await h.db.selectFrom('events').select('data').where('type', '=', type).execute())
    .map((e) => e.data)
    .filter((d) => d.meeting_id === meetingId);

describe('who may book', () => {
  it('a client without the booking flag is refused every booking call', async () => {
    const plain = await newClient(h, coach, CLIENT_ZONE, {});
    for (const [method, url] of [
      ['GET', '/api/v1/booking'],
      ['GET', `/api/v1/booking/slots?coach_id=${coach.user.id}&type_id=${typeId}`],
    ] as const) {
      const res = await call(h, plain, method, url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Booking is not part of your plan.' });
    }
    const res = await call(h, plain, 'POST', '/api/v1/booking', {
      coach_id: coach.user.id,
      type_id: typeId,
      start: '2027-03-16T08:00:00.000Z',
    });
    expect(res.statusCode).toBe(403);
    expect(
      await h.db.selectFrom('meetings').select('id').where('client_id', '=', plain.user.id).execute(),
    ).toEqual([]);
  });

  it("the flag merges like every flag: the client's own setting over the tenant's default", async () => {
    const unset = await newClient(h, coach, CLIENT_ZONE, {});
    const off = await newClient(h, coach, CLIENT_ZONE, { booking: false });
    const setDefault = (on: boolean) =>
      h.db
        .updateTable('tenants')
        .set({ default_flags: sql<string>`default_flags || ${JSON.stringify({ booking: on })}::jsonb` })
        .where('id', '=', ALPHA)
        .execute();
    await setDefault(true);
    try {
      expect((await call(h, unset, 'GET', '/api/v1/booking')).statusCode).toBe(200);
      expect((await call(h, off, 'GET', '/api/v1/booking')).statusCode).toBe(403);
    } finally {
      await setDefault(false);
    }
    expect((await call(h, unset, 'GET', '/api/v1/booking')).statusCode).toBe(403);
  });

  it('only their own coach, only the types open to them', async () => {
    const notTheirs = await newCoach(h, ZONE);
    await saveHours(h, notTheirs, everyDay('09:00', '17:00'));
    const theirType = await newType(h, notTheirs);
    const foreign = await newCoach(h, ZONE, BETA);
    await saveHours(h, foreign, everyDay('09:00', '17:00'));
    const foreignType = await newType(h, foreign);
    const start = '2027-03-17T09:00:00.000Z';
    for (const [coachId, type] of [
      [notTheirs.user.id, theirType],
      [foreign.user.id, foreignType],
      [client.user.id, typeId],
    ]) {
      const res = await call(h, client, 'POST', '/api/v1/booking', {
        coach_id: coachId,
        type_id: type,
        start,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Coach not found.' });
      const slots = await call(h, client, 'GET', `/api/v1/booking/slots?coach_id=${coachId}&type_id=${type}`);
      expect(slots.statusCode).toBe(404);
    }
    // Their coach, but a type of another coach's, a group they are not in, a flag they lack, an archived one.
    const { id: groupId } = await h.db
      .insertInto('groups')
      .values({
        tenant_id: ALPHA,
        coach_id: coach.coachId,
        name: 'Circle',
        title: 'Circle',
        slug: `circle-${coach.coachId}`,
        created_at: h.clock.now(),
        updated_at: h.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const groupType = await newType(h, coach, { name: 'Circle 1:1', audience: 'group', group_id: groupId });
    const flagType = await newType(h, coach, {
      name: 'Academy 1:1',
      audience: 'flag',
      flag: 'business_academy',
    });
    const archived = await newType(h, coach, { name: 'Old' });
    await call(h, coach, 'DELETE', `/api/v1/coach/meeting-types/${archived}`);
    for (const type of [theirType, groupType, flagType, archived]) {
      const res = await book(client, start, { type_id: type });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Meeting type not found.' });
    }
    const page = async () =>
      (await call(h, client, 'GET', '/api/v1/booking')).json().data as {
        time_zone: string;
        coaches: {
          id: number;
          name: string;
          types: { id: number; notice_hours: number; place: string | null }[];
        }[];
      };
    const before = await page();
    expect(before.time_zone).toBe(CLIENT_ZONE);
    expect(before.coaches.map((c) => c.id)).toEqual([coach.user.id]);
    expect(before.coaches[0]!.types.map((t) => t.id)).toEqual([typeId]);
    // In the group and holding the flag, both open to them.
    await h.db
      .insertInto('user_groups')
      .values({
        tenant_id: ALPHA,
        user_id: client.user.id,
        group_id: groupId,
        joined_at: h.clock.now(),
        updated_at: h.clock.now(),
        status: 'active',
      })
      .execute();
    await h.setFlags(client.user.id, { business_academy: true });
    expect((await page()).coaches[0]!.types.map((t) => t.id)).toEqual([typeId, groupType, flagType]);
    expect((await slotsOf(h, client, coach.user.id, flagType, '2027-03-17')).days).not.toEqual([]);
    // Where an in-person type meets is said before booking; a video type has no place.
    const placeType = await newType(h, coach, {
      name: 'At the studio',
      location: 'place',
      place: 'Harbour gate 4',
    });
    const types = (await page()).coaches[0]!.types;
    expect(types.find((t) => t.id === placeType)?.place).toBe('Harbour gate 4');
    expect(types.find((t) => t.id === typeId)?.place).toBeNull();
  });
});

describe('a booking', () => {
  it('is on the client’s schedule and the coach’s Today; both are mailed the invitation', async () => {
    const offered = await slotsOf(h, client, coach.user.id, typeId, '2027-03-16');
    // Tuesday 09:00-17:00 in Amsterdam is 04:00-12:00 in New York: one day of 16 half-hours.
    expect(offered).toMatchObject({ time_zone: CLIENT_ZONE, coach_time_zone: ZONE });
    expect(offered.days.map((d) => d.date)).toEqual(['2027-03-16']);
    expect(offered.days[0]!.slots).toHaveLength(16);
    const start = offered.days[0]!.slots[2]!.start;
    expect(wallClock(start, ZONE)).toBe('10:00');

    const clientMails = (await mailsTo(h.mailDir, client.user.email)).length;
    const coachMails = (await mailsTo(h.mailDir, coach.user.email)).length;
    const res = await book(client, start, { note: 'About hiring.' });
    expect(res.statusCode, res.body).toBe(201);
    const meeting = res.json().data;
    expect(meeting).toEqual({
      id: expect.any(Number),
      title: 'Session',
      start,
      end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      time_zone: ZONE,
      coach_name: expect.stringMatching(/^Casey User \d+$/),
      type_id: typeId,
      meeting_url: expect.stringMatching(/^https:\/\/meet\.jit\.si\/alpha-[a-z2-7]{26}$/),
      place: null,
      note: 'About hiring.',
      change_until: new Date(Date.parse(start) - 24 * 3_600_000).toISOString(),
    });
    // The slot is gone, with the one before it (the coach's 10 minutes after a meeting).
    const after = starts((await slotsOf(h, client, coach.user.id, typeId, '2027-03-16')).days);
    expect(after).not.toContain(start);
    expect(after).not.toContain(offered.days[0]!.slots[1]!.start);
    expect(after).toContain(offered.days[0]!.slots[3]!.start);

    const schedule = (await call(h, client, 'POST', '/api/v1/clientportal/schedule/', {})).json().data;
    expect(schedule.upcoming).toContainEqual(
      expect.objectContaining({ id: meeting.id, meeting_time: start }),
    );
    const today = (await call(h, coach, 'GET', '/api/v1/coach/today')).json().data;
    expect([...today.meetings.today, ...today.meetings.week].map((m: { id: number }) => m.id)).toContain(
      meeting.id,
    );

    const toClient = await waitForMail(h.mailDir, client.user.email, clientMails + 1);
    const toCoach = await waitForMail(h.mailDir, coach.user.email, coachMails + 1);
    expect(toClient.subject).toMatch(
      /^Alpha Coaching: Meeting booked "Session", Tuesday,? 16 March 2027 at 05:00 \(America\/New_York\)$/,
    );
    expect(toClient.text).toContain('Your meeting with Casey');
    expect(toCoach.subject).toMatch(/Tuesday,? 16 March 2027 at 10:00 \(Europe\/Amsterdam\)$/);
    expect(toCoach.text).toContain('Your meeting with Jordan');
    expect(toCoach.text).toContain('About hiring.');
    for (const mail of [toClient, toCoach]) {
      const { calendar, event } = icsOf(mail);
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      expect(event.uid).toBe(`meeting-${meeting.id}@portal.alpha-coaching.example`);
      expect(event.sequence).toBe(0);
      expect(event.startDate.toJSDate().toISOString()).toBe(start);
      expect(event.location).toBe(meeting.meeting_url);
      expect(event.component.getFirstPropertyValue('url')).toBe(meeting.meeting_url);
    }
    expect(await eventsOf('meeting.booked', meeting.id)).toEqual([
      {
        meeting_id: meeting.id,
        coach_id: coach.user.id,
        client_id: client.user.id,
        type_id: typeId,
        starts_at: start,
        ends_at: meeting.end,
        by: 'client',
      },
    ]);

    // The same slot again: taken, with the nearest free times instead.
    const again = await book(client, start);
    expect(again.statusCode).toBe(409);
    const taken = again.json();
    expect(taken.message).toBe('This time is no longer free. Choose one of the nearest free times.');
    expect(taken.nearest).toHaveLength(3);
    expect(taken.nearest.map((s: { start: string }) => s.start)).toEqual([
      offered.days[0]!.slots[0]!.start,
      offered.days[0]!.slots[3]!.start,
      offered.days[0]!.slots[4]!.start,
    ]);
  });

  it('refuses a time off the grid, outside the hours, or inside the coach’s notice, as taken', async () => {
    for (const start of [
      '2027-03-18T09:10:00.000Z',
      '2027-03-18T19:00:00.000Z',
      '2027-03-15T08:30:00.000Z',
    ]) {
      const res = await book(client, start);
      expect(res.statusCode, start).toBe(409);
    }
  });

  it('is moved within the notice (same UID, SEQUENCE up), then cancelled (METHOD:CANCEL)', async () => {
    const offered = (await slotsOf(h, client, coach.user.id, typeId, '2027-03-19')).days[0]!.slots;
    const booked = (await book(client, offered[0]!.start)).json().data;
    const sent = (await mailsTo(h.mailDir, coach.user.email)).length;
    const moved = await call(h, client, 'POST', `/api/v1/booking/meetings/${booked.id}/move`, {
      start: offered[6]!.start,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      id: booked.id,
      start: offered[6]!.start,
      meeting_url: booked.meeting_url,
    });
    const movedMail = icsOf(await waitForMail(h.mailDir, coach.user.email, sent + 1));
    expect(movedMail.event.uid).toBe(`meeting-${booked.id}@portal.alpha-coaching.example`);
    expect(movedMail.event.sequence).toBe(1);
    expect(movedMail.event.startDate.toJSDate().toISOString()).toBe(offered[6]!.start);
    expect(await eventsOf('meeting.rescheduled', booked.id)).toEqual([
      expect.objectContaining({
        starts_at: offered[6]!.start,
        previous_starts_at: offered[0]!.start,
        by: 'client',
      }),
    ]);

    const clientSent = (await mailsTo(h.mailDir, client.user.email)).length;
    const cancelled = await call(h, client, 'POST', `/api/v1/booking/meetings/${booked.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ data: { id: booked.id } });
    const cancel = icsOf(await waitForMail(h.mailDir, client.user.email, clientSent + 1));
    expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.event.uid).toBe(`meeting-${booked.id}@portal.alpha-coaching.example`);
    expect(cancel.event.sequence).toBe(2);
    expect((await call(h, client, 'GET', `/api/v1/booking/meetings/${booked.id}`)).statusCode).toBe(404);
    expect(await eventsOf('meeting.cancelled', booked.id)).toHaveLength(1);
    // Its time is free again.
    expect(starts((await slotsOf(h, client, coach.user.id, typeId, '2027-03-19')).days)).toContain(
      offered[6]!.start,
    );
  });
});

describe('the notice', () => {
  it('past it, a move or cancel is refused with the policy, from the app and for a key’s booking alike', async () => {
    // 11:00 in Amsterdam today: two hours ahead, inside the tenant's 24 hours.
    const soon = '2027-03-15T10:00:00.000Z';
    const booked = (await book(client, soon)).json().data;
    expect(booked.change_until).toBeNull();
    for (const action of ['move', 'cancel']) {
      const res = await call(h, client, 'POST', `/api/v1/booking/meetings/${booked.id}/${action}`, {
        start: '2027-03-22T09:00:00.000Z',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: noticePolicy(24) });
    }
    expect(noticePolicy(24)).toBe(
      'A booked meeting can be moved or cancelled up to 24 hours before it starts. To change it now, send your coach a message.',
    );
    expect(
      await h.db.selectFrom('meetings').select('starts_at').where('id', '=', booked.id).executeTakeFirst(),
    ).toEqual({
      starts_at: new Date(soon),
    });

    // The same through the integration API: a key books for the client, the client's cancel meets the same rule.
    const admin = await signIn(h, { role_id: 1 });
    const { key } = await makeApiKey(h, { token: admin.token, tenantId: ALPHA }, 'read-write');
    const keySlots = await keyCall(
      h.app,
      key,
      'GET',
      `/integration/v1/coaches/${coach.user.id}/slots?type_id=${typeId}&from=2027-03-15&days=1`,
    );
    expect(keySlots.statusCode, keySlots.body).toBe(200);
    expect(keySlots.json().data.time_zone).toBe(ZONE);
    const soonest = keySlots.json().data.days[0].slots[0].start;
    expect(soonest).toBe('2027-03-15T09:00:00.000Z');
    const keyBooked = await keyCall(h.app, key, 'POST', '/integration/v1/bookings', {
      client_id: client.user.id,
      coach_id: coach.user.id,
      type_id: typeId,
      start: soonest,
    });
    expect(keyBooked.statusCode, keyBooked.body).toBe(201);
    const keyMeeting = keyBooked.json().data;
    expect(await eventsOf('meeting.booked', keyMeeting.id)).toEqual([
      expect.objectContaining({ by: 'integration' }),
    ]);
    const refused = await call(h, client, 'POST', `/api/v1/booking/meetings/${keyMeeting.id}/cancel`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: noticePolicy(24) });
    // A key's booking goes through the same rules: the coach's own notice, a client without the flag, a read key.
    const inNotice = await keyCall(h.app, key, 'POST', '/integration/v1/bookings', {
      client_id: client.user.id,
      coach_id: coach.user.id,
      type_id: typeId,
      start: '2027-03-15T08:30:00.000Z',
    });
    expect(inNotice.statusCode).toBe(409);
    const plain = await newClient(h, coach, CLIENT_ZONE, {});
    const noFlag = await keyCall(h.app, key, 'POST', '/integration/v1/bookings', {
      client_id: plain.user.id,
      coach_id: coach.user.id,
      type_id: typeId,
      start: '2027-03-22T09:00:00.000Z',
    });
    expect(noFlag.statusCode).toBe(403);
    const read = await makeApiKey(h, { token: admin.token, tenantId: ALPHA }, 'read', 'Reports');
    const readOnly = await keyCall(h.app, read.key, 'POST', '/integration/v1/bookings', {
      client_id: client.user.id,
      coach_id: coach.user.id,
      type_id: typeId,
      start: '2027-03-22T09:00:00.000Z',
    });
    expect(readOnly.statusCode).toBe(403);
  });

  it("a type's own notice overrides the tenant's; a coach's meeting is not the client's to change", async () => {
    const quick = await newType(h, coach, { name: 'Quick', notice_hours: 1 });
    const booked = (await book(client, '2027-03-15T12:00:00.000Z', { type_id: quick })).json().data;
    expect(booked.change_until).toBe('2027-03-15T11:00:00.000Z');
    const cancelled = await call(h, client, 'POST', `/api/v1/booking/meetings/${booked.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const set = await call(h, coach, 'POST', '/api/v1/coach/meetings', {
      client_id: client.user.id,
      title: 'Review',
      start: '2027-04-06T10:00',
      duration_minutes: 60,
      place: 'Office',
    });
    expect(set.statusCode, set.body).toBe(201);
    const id = set.json().data.id;
    const read = await call(h, client, 'GET', `/api/v1/booking/meetings/${id}`);
    expect(read.json().data).toMatchObject({ id, type_id: null, change_until: null, place: 'Office' });
    const move = await call(h, client, 'POST', `/api/v1/booking/meetings/${id}/move`, {
      start: '2027-04-07T09:00:00.000Z',
    });
    expect(move.statusCode).toBe(422);
    expect(move.json()).toEqual({
      message: 'Your coach set this meeting: send them a message to change it.',
    });
    // Another client's meeting is a 404.
    const stranger = await newClient(h, coach, CLIENT_ZONE);
    expect((await call(h, stranger, 'GET', `/api/v1/booking/meetings/${id}`)).statusCode).toBe(404);
  });
});
