// The booking tests' people, made here rather than taken from the demo seed so that nothing else takes a
// coach's time: a coach with their zone and hours, clients assigned to them with the booking flag, signed in
// through the real OTP login; and calls with any method (the booking routes use PUT, PATCH and DELETE).
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { expect } from 'vitest';
import type { Availability } from '../../../contracts/rest/booking.js';
import type { Flags } from '../../../contracts/training-flags.js';
import { ALPHA, nextIp } from './harness.js';
import type { Harness } from './harness.js';
import type { Mail } from './mail.js';
import { signIn } from './sign-in.js';
import type { Person } from './sign-in.js';

export interface Coach extends Person {
  /** coaches.id */
  coachId: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call as `who` (from an address of its own, so the flood guard of one test never meets another's). */
export const call = (
  h: Harness,
  who: Person,
  method: Method,
  url: string,
  body?: unknown,
  app: FastifyInstance = h.app,
) =>
  app.inject({
    method,
    url,
    headers: { 'x-tenant-id': String(who.user.tenantId), authorization: `Bearer ${who.token}` },
    remoteAddress: nextIp(),
    ...(body !== undefined && { payload: body as object }),
  });

/** A signed-in coach of `tenant` living in `zone`, with a fixed room address. */
export async function newCoach(h: Harness, zone: string, tenant = ALPHA): Promise<Coach> {
  const person = await signIn(h, { role_id: 2, tenant_id: tenant, time_zone: zone, first_name: 'Casey' });
  const { id } = await h.db
    .insertInto('coaches')
    .values({
      tenant_id: tenant,
      user_id: person.user.id,
      bio: '',
      specialties: '',
      certifications: '',
      years_experience: 3,
      room_url: `https://rooms.example/casey-${person.user.id}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...person, coachId: id };
}

/** A signed-in client of the coach's tenant in `zone`, assigned to the coach, with these flags set. */
export async function newClient(
  h: Harness,
  coach: Coach | null,
  zone: string,
  flags: Partial<Flags> = { booking: true },
  tenant = coach?.user.tenantId ?? ALPHA,
): Promise<Person> {
  const person = await signIn(h, { tenant_id: tenant, time_zone: zone, flags, first_name: 'Jordan' });
  if (coach) await assign(h, coach, person);
  return person;
}

export async function assign(h: Harness, coach: Coach, client: Person): Promise<void> {
  await h.db
    .insertInto('coach_clients')
    .values({
      coach_id: coach.coachId,
      client_id: client.user.id,
      tenant_id: coach.user.tenantId,
      since: h.clock.now(),
    })
    .execute();
}

/** Every weekday (1-7) from `from` to `to`, as one range a day. */
export const everyDay = (start: string, end: string, days = [1, 2, 3, 4, 5, 6, 7]) =>
  days.map((weekday) => ({ weekday, start, end }));

/** Saves the coach's hours through the API; settings default to the migration's. */
export async function saveHours(
  h: Harness,
  coach: Coach,
  weekly: Availability['weekly'],
  settings: Partial<Availability['settings']> = {},
  days: Availability['days'] = [],
) {
  const res = await call(h, coach, 'PUT', '/api/v1/coach/availability', {
    weekly,
    days,
    settings: {
      buffer_before_minutes: 0,
      buffer_after_minutes: 10,
      min_notice_minutes: 720,
      horizon_days: 42,
      max_per_day: null,
      ...settings,
    },
  });
  if (res.statusCode !== 200) throw new Error(`saving hours: ${res.statusCode} ${res.body}`);
}

/** A meeting type the coach makes through the API; its id. */
export async function newType(h: Harness, coach: Coach, fields: Record<string, unknown> = {}) {
  const res = await call(h, coach, 'POST', '/api/v1/coach/meeting-types', {
    name: 'Session',
    duration_minutes: 30,
    location: 'video',
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`a meeting type: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

/** Moves the harness clock to `at`. */
export const setClock = (h: Harness, at: string) => h.clock.advance(Date.parse(at) - h.clock.now().getTime());

export interface SlotDay {
  date: string;
  slots: { start: string; end: string }[];
}

/** The client's slots page for a coach (by person id) and type, `days` from `from`. */
export async function slotsOf(
  h: Harness,
  who: Person,
  coachId: number,
  type: number,
  from: string,
  days = 1,
) {
  const res = await call(
    h,
    who,
    'GET',
    `/api/v1/booking/slots?coach_id=${coachId}&type_id=${type}&from=${from}&days=${days}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { time_zone: string; coach_time_zone: string; days: SlotDay[] };
}

/** Every slot's start of a page's days. */
export const starts = (days: SlotDay[]) => days.flatMap((d) => d.slots.map((s) => s.start));

/** The wall clock of an instant in a zone, HH:mm. */
export const wallClock = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(at),
  );

/** A mail's calendar invitation as ical.js, a library behind many web calendars, reads it. */
export function icsOf(mail: Mail) {
  const file = mail.attachments?.find((a) => a.contentType.startsWith('text/calendar'));
  expect(file).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(file!.content));
  return { calendar, event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!) };
}

/** The zones of the booking tests' coach and client (both sides of the clocks' change in March). */
export const ZONE = 'Europe/Amsterdam';
export const CLIENT_ZONE = 'America/New_York';

/**
 * The booking tests' world on a started harness: Monday 15 March 2027, 09:00 in Amsterdam (New York has had
 * summer time since the 14th); an Amsterdam coach open 09:00-17:00 every day, with an hour's notice to book so a
 * test can book a meeting already inside the tenant's 24 h to move or cancel it; a New York client of theirs
 * with the booking flag; a 30-minute type; and that client's booking of it.
 */
export async function bookingWorld(h: Harness) {
  setClock(h, '2027-03-15T08:00:00Z');
  const coach = await newCoach(h, ZONE);
  const client = await newClient(h, coach, CLIENT_ZONE);
  await saveHours(h, coach, everyDay('09:00', '17:00'), { min_notice_minutes: 60 });
  const typeId = await newType(h, coach, { name: 'Session', duration_minutes: 30 });
  const book = (who: Person, start: string, fields: Record<string, unknown> = {}) =>
    call(h, who, 'POST', '/api/v1/booking', { coach_id: coach.user.id, type_id: typeId, start, ...fields });
  return { coach, client, typeId, book };
}

export type BookingWorld = Awaited<ReturnType<typeof bookingWorld>>;
