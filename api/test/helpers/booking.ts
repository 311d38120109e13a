// The booking tests' people, made here rather than taken from the demo seed so that nothing else takes a
// coach's time: a coach with their zone and hours, clients assigned to them with the booking flag, signed in
// through the real OTP login; and calls with any method (the booking routes use PUT, PATCH and DELETE).
import type { FastifyInstance } from 'fastify';
import type { Availability } from '../../../contracts/rest/booking.js';
import type { Flags } from '../../../contracts/training-flags.js';
import { ALPHA, nextIp } from './harness.js';
import type { Harness } from './harness.js';
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
