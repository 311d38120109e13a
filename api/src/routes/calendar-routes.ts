// Calendars: a coach's outside calendars (listed with their state, added, removed, fetched
// now) and each client's and coach's own feed (its state, a new address, revoking it), plus the feed itself:
// public, the token in its address being the key (app.ts masks a route's :token in the log).
import { id } from '../../../contracts/rest/client.js';
import {
  calendarConnection,
  calendarConnections,
  calendarFeed,
  calendarFeedStatus,
  newCalendarConnection,
} from '../../../contracts/rest/calendars.js';
import { closed, integer, line, ok } from '../../../contracts/rest/pieces.js';
import { coachRoute, route, signedInRoute } from './route.js';

const byId = closed({ id });
/** A client's and a coach's own calls. */
const personRoute = signedInRoute(['client', 'coach']);

export const calendars = coachRoute({
  at: ['GET', '/api/v1/coach/calendars'],
  schema: { response: ok(calendarConnections) },
  async handle(s, request) {
    return { data: await s.calendars.list(request.caller) };
  },
});

export const addCalendar = coachRoute({
  at: ['POST', '/api/v1/coach/calendars'],
  schema: { body: newCalendarConnection, response: { 201: closed({ data: calendarConnection }) } },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.calendars.add(request.caller, request.body) });
  },
});

export const removeCalendar = coachRoute({
  at: ['DELETE', '/api/v1/coach/calendars/:id'],
  schema: { params: byId, response: ok(closed({ id: integer })) },
  async handle(s, request) {
    return { data: await s.calendars.remove(request.caller, request.params.id) };
  },
});

export const refreshCalendar = coachRoute({
  at: ['POST', '/api/v1/coach/calendars/:id/refresh'],
  schema: { params: byId, response: ok(calendarConnection) },
  // Each press fetches an outside address: the per-IP guard keeps a held-down button from hammering it.
  limited: true,
  async handle(s, request) {
    return { data: await s.calendars.refresh(request.caller, request.params.id) };
  },
});

export const calendarFeedState = personRoute({
  at: ['GET', '/api/v1/calendar-feed'],
  schema: { response: ok(calendarFeedStatus) },
  async handle(s, request) {
    return { data: await s.calendarFeed.status(request.caller) };
  },
});

export const makeCalendarFeed = personRoute({
  at: ['POST', '/api/v1/calendar-feed'],
  schema: { response: { 201: closed({ data: calendarFeed }) } },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.calendarFeed.make(request.caller) });
  },
});

export const revokeCalendarFeed = personRoute({
  at: ['DELETE', '/api/v1/calendar-feed'],
  schema: { response: ok({ type: 'null' }) },
  async handle(s, request) {
    await s.calendarFeed.revoke(request.caller);
    return { data: null };
  },
});

export const calendarFeedFile = route({
  at: ['GET', '/api/v1/calendar-feeds/:token.ics'],
  // The token is the credential: 32 random bytes, stored hashed, one a person. Any other value is the same 404
  // as an unknown token (no 422 telling a malformed one apart).
  roles: 'anyone',
  schema: { params: closed({ token: line(200) }) },
  async handle(s, request, reply) {
    const text = await s.calendarFeed.read(request.params.token);
    // Never kept by a cache: a revoked address must stop answering at once.
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(text);
  },
});
