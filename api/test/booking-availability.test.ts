// The coach's side of booking through the API on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh): availability read and saved whole, each mistake a sentence on its own field;
// meeting types started from tenant.json's defaults, made, changed, checked (a place, the coach's own group, a
// flag that exists) and archived rather than deleted; each coach reaches only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, everyDay, newClient, newCoach, newType, saveHours, setClock } from './helpers/booking.js';
import type { Coach } from './helpers/booking.js';
import { BETA, Harness } from './helpers/harness.js';

const h = new Harness();
let coach: Coach;
let other: Coach;
beforeAll(async () => {
  await h.start();
  coach = await newCoach(h, 'Europe/Amsterdam');
  other = await newCoach(h, 'Europe/Amsterdam');
});
afterAll(() => h.stop());

const settings = {
  buffer_before_minutes: 0,
  buffer_after_minutes: 10,
  min_notice_minutes: 720,
  horizon_days: 42,
  max_per_day: null,
};

describe("a coach's availability", () => {
  it('starts empty with the default settings, in the coach’s zone', async () => {
    const res = await call(h, other, 'GET', '/api/v1/coach/availability');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ time_zone: 'Europe/Amsterdam', weekly: [], days: [], settings });
  });

  it('is saved whole and read back the same', async () => {
    const availability = {
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '17:30' },
        { weekday: 5, start: '18:00', end: '24:00' },
      ],
      days: [
        { date: '2027-04-02', kind: 'off' },
        { date: '2027-04-03', kind: 'extra', start: '10:00', end: '14:00' },
      ],
      settings: { ...settings, buffer_before_minutes: 5, max_per_day: 4 },
    };
    const saved = await call(h, coach, 'PUT', '/api/v1/coach/availability', availability);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ time_zone: 'Europe/Amsterdam', ...availability });
    // Saving again replaces it: nothing of the first is left.
    await saveHours(h, coach, everyDay('08:00', '10:00', [2]));
    const read = (await call(h, coach, 'GET', '/api/v1/coach/availability')).json().data;
    expect(read).toMatchObject({ weekly: [{ weekday: 2, start: '08:00', end: '10:00' }], days: [] });
    // Another coach's hours are their own.
    expect((await call(h, other, 'GET', '/api/v1/coach/availability')).json().data.weekly).toEqual([]);
  });

  it('refuses ranges that end before they start or overlap, and days that contradict themselves', async () => {
    const res = await call(h, coach, 'PUT', '/api/v1/coach/availability', {
      weekly: [
        { weekday: 1, start: '12:00', end: '09:00' },
        { weekday: 3, start: '09:00', end: '12:00' },
        { weekday: 3, start: '11:30', end: '14:00' },
        // The same hours on another day are no overlap.
        { weekday: 4, start: '11:30', end: '14:00' },
      ],
      days: [
        { date: '2027-04-02', kind: 'off', start: '09:00', end: '10:00' },
        { date: '2027-04-03', kind: 'extra' },
        { date: '2027-04-05', kind: 'extra', start: '09:00', end: '11:00' },
        { date: '2027-04-05', kind: 'extra', start: '10:00', end: '12:00' },
        { date: '2027-04-06', kind: 'off' },
        { date: '2027-04-06', kind: 'extra', start: '09:00', end: '11:00' },
      ],
      settings,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      'weekly.0': ['A range must end after it starts.'],
      'weekly.2': ['This range overlaps another on Wednesday.'],
      'days.0': ['A day off has no hours.'],
      'days.1': ['Give the hours of the extra day.'],
      'days.3': ['This range overlaps another on the same day.'],
      'days.4': ['A day cannot be both a day off and an extra day.'],
    });
    // Nothing of it was kept.
    const read = (await call(h, coach, 'GET', '/api/v1/coach/availability')).json().data;
    expect(read.weekly).toEqual([{ weekday: 2, start: '08:00', end: '10:00' }]);
  });

  it('refuses what the schema says is no time, with a sentence', async () => {
    const res = await call(h, coach, 'PUT', '/api/v1/coach/availability', {
      weekly: [{ weekday: 8, start: '9:00', end: '25:00' }],
      days: [],
      settings,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error['weekly.0.start']).toEqual(['Give a time as HH:mm, for example 09:30.']);
  });
});

describe("a coach's meeting types", () => {
  it("start from tenant.json's defaults on the first read, once", async () => {
    const fresh = await newCoach(h, 'Europe/Amsterdam');
    const [first, again] = await Promise.all([
      call(h, fresh, 'GET', '/api/v1/coach/meeting-types'),
      call(h, fresh, 'GET', '/api/v1/coach/meeting-types'),
    ]);
    expect(first.statusCode).toBe(200);
    const types = first.json().data;
    // alpha's tenant.json: two video types, the tenant's notice of 24 hours.
    expect(types).toMatchObject([
      {
        name: 'Intro call',
        duration_minutes: 30,
        description: 'Get to know each other.',
        location: 'video',
        audience: 'clients',
        notice_hours: null,
        effective_notice_hours: 24,
        active: true,
      },
      { name: 'Strategy session', duration_minutes: 60, description: '', location: 'video' },
    ]);
    expect(again.json().data).toEqual(types);
    expect((await call(h, fresh, 'GET', '/api/v1/coach/meeting-types')).json().data).toEqual(types);
  });

  it('are made, changed and archived (never deleted) by their coach alone', async () => {
    const res = await call(h, coach, 'POST', '/api/v1/coach/meeting-types', {
      name: ' Check-up ',
      duration_minutes: 45,
      location: 'place',
      place: 'Studio, 12 Main St',
      notice_hours: 48,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({
      name: 'Check-up',
      place: 'Studio, 12 Main St',
      notice_hours: 48,
      effective_notice_hours: 48,
      audience: 'clients',
      needs_credit: false,
    });
    const changed = await call(h, coach, 'PATCH', `/api/v1/coach/meeting-types/${made.id}`, {
      location: 'phone',
      notice_hours: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // A phone call has no place; the notice falls back to the tenant's.
    expect(changed.json().data).toMatchObject({
      location: 'phone',
      place: null,
      notice_hours: null,
      effective_notice_hours: 24,
    });
    // Another coach cannot see, change or archive it.
    expect(
      (await call(h, other, 'PATCH', `/api/v1/coach/meeting-types/${made.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call(h, other, 'DELETE', `/api/v1/coach/meeting-types/${made.id}`)).statusCode).toBe(404);
    const archived = await call(h, coach, 'DELETE', `/api/v1/coach/meeting-types/${made.id}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ id: made.id, active: false });
    const list = (await call(h, coach, 'GET', '/api/v1/coach/meeting-types')).json().data;
    expect(list.find((t: { id: number }) => t.id === made.id)).toMatchObject({ active: false });
  });

  it("checks what a schema cannot: a place, one of the coach's groups, a flag that exists", async () => {
    const { id: groupId } = await h.db
      .insertInto('groups')
      .values({
        tenant_id: other.user.tenantId,
        coach_id: other.coachId,
        name: 'Their group',
        title: 'Their group',
        slug: `their-group-${other.coachId}`,
        created_at: h.clock.now(),
        updated_at: h.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call(h, coach, 'POST', '/api/v1/coach/meeting-types', {
      name: 'Anywhere',
      duration_minutes: 30,
      location: 'place',
      audience: 'group',
      group_id: groupId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      place: ['Give the place where it takes place.'],
      group_id: ['Choose one of your groups.'],
    });
    const flag = await call(h, coach, 'POST', '/api/v1/coach/meeting-types', {
      name: 'Members',
      duration_minutes: 30,
      location: 'video',
      audience: 'flag',
      flag: 'no_such_flag',
    });
    expect(flag.statusCode).toBe(422);
    expect(flag.json().error.flag[0]).toMatch(/^Choose one of the training flags: group_coaching, /);
    // The other coach may make a type for their own group.
    expect(await newType(h, other, { audience: 'group', group_id: groupId })).toEqual(expect.any(Number));
  });

  it('refuses a client and another tenant’s coach reaches none of them', async () => {
    const client = await newClient(h, coach, 'Europe/Amsterdam');
    expect((await call(h, client, 'GET', '/api/v1/coach/meeting-types')).statusCode).toBe(403);
    expect((await call(h, client, 'GET', '/api/v1/coach/availability')).statusCode).toBe(403);
    const foreign = await newCoach(h, 'Europe/London', BETA);
    const mine = await newType(h, coach);
    expect(
      (await call(h, foreign, 'PATCH', `/api/v1/coach/meeting-types/${mine}`, { name: 'x' })).statusCode,
    ).toBe(404);
    // beta's tenant.json has no default types: a beta coach starts with none.
    expect((await call(h, foreign, 'GET', '/api/v1/coach/meeting-types')).json().data).toEqual([]);
  });
});

describe("a coach's preview", () => {
  it('shows the slots their clients see of one of their types, by the coach’s days; another’s type is a 404', async () => {
    // The last test of the file: the clock moves, and the people it signs in are its own.
    setClock(h, '2027-03-15T08:00:00Z');
    const previewer = await newCoach(h, 'Europe/Amsterdam');
    const stranger = await newCoach(h, 'Europe/Amsterdam');
    await saveHours(h, previewer, everyDay('09:00', '12:00', [2]));
    const type = await newType(h, previewer, { duration_minutes: 60 });
    const res = await call(
      h,
      previewer,
      'GET',
      `/api/v1/coach/booking/slots?type_id=${type}&from=2027-03-16&days=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    // Tuesday 09:00-12:00 in Amsterdam (UTC+1): an hour's meeting every half hour, the last ending at 12:00.
    const hour = (start: string) => ({
      start: `2027-03-16T${start}:00.000Z`,
      end: new Date(Date.parse(`2027-03-16T${start}:00.000Z`) + 3_600_000).toISOString(),
    });
    expect(res.json().data).toEqual({
      time_zone: 'Europe/Amsterdam',
      coach_time_zone: 'Europe/Amsterdam',
      days: [{ date: '2027-03-16', slots: ['08:00', '08:30', '09:00', '09:30', '10:00'].map(hour) }],
    });
    const theirs = await newType(h, stranger);
    const refused = await call(h, previewer, 'GET', `/api/v1/coach/booking/slots?type_id=${theirs}`);
    expect(refused.statusCode).toBe(404);
  });
});
