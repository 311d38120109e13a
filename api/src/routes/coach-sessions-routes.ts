// A coach's group's live sessions (schedule, move, cancel; each member mailed an invitation) and its
// recordings. Every call reaches only the coach's own groups: anything else is a 404.
import { id, list, text } from '../../../contracts/rest/client.js';
import { groupRef } from '../../../contracts/rest/coach.js';
import { coachRoute } from './route.js';
import {
  closed,
  integer,
  line,
  nullableString,
  ok,
  string,
  webLink,
} from '../../../contracts/rest/pieces.js';

const sessionFields = {
  title: text(200),
  // The coach's wall clock, read in their time zone.
  start: line(16, { pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$' }),
  duration_minutes: { type: 'integer', minimum: 5, maximum: 720 },
  meeting_url: webLink(2000),
} as const;

const session = closed({
  id: integer,
  title: string,
  starts_at: string,
  duration_minutes: integer,
  time_zone: string,
  meeting_url: nullableString,
});

const recording = closed({
  id: integer,
  title: string,
  recording_url: string,
  duration_minutes: integer,
  recorded_at: string,
});

export const groupSessions = coachRoute({
  schema: {
    params: closed({ id }),
    response: ok(
      closed({
        group: groupRef,
        time_zone: string,
        sessions: list(session),
        members: list(
          closed({ id: integer, first_name: string, last_name: string, time_zone: nullableString }),
        ),
        recordings: list(recording),
      }),
    ),
  },
  async handle(s, request) {
    return { data: await s.groupSessions.list(request.caller, request.params.id) };
  },
});

export const scheduleSession = coachRoute({
  schema: {
    params: closed({ id }),
    body: closed(sessionFields),
    response: { 201: closed({ data: session }) },
  },
  limited: true,
  async handle(s, request, reply) {
    const data = await s.groupSessions.create(
      request.tenant,
      request.caller,
      request.params.id,
      request.body,
    );
    return reply.code(201).send({ data });
  },
});

export const changeSession = coachRoute({
  schema: {
    params: closed({ id, sessionId: id }),
    body: { ...closed(sessionFields, []), minProperties: 1 },
    response: ok(session),
  },
  limited: true,
  async handle(s, request) {
    const { id: groupId, sessionId } = request.params;
    return {
      data: await s.groupSessions.change(request.tenant, request.caller, groupId, sessionId, request.body),
    };
  },
});

export const cancelSession = coachRoute({
  schema: {
    params: closed({ id, sessionId: id }),
    response: ok(closed({ id: integer })),
  },
  limited: true,
  async handle(s, request) {
    const { id: groupId, sessionId } = request.params;
    return { data: await s.groupSessions.cancel(request.tenant, request.caller, groupId, sessionId) };
  },
});

export const addRecording = coachRoute({
  schema: {
    params: closed({ id }),
    body: closed(
      {
        title: text(200),
        recording_url: webLink(2000),
        duration_minutes: { type: 'integer', minimum: 0, maximum: 720 },
      },
      ['title', 'recording_url'],
    ),
    response: { 201: closed({ data: recording }) },
  },
  limited: true,
  async handle(s, request, reply) {
    const data = await s.groupSessions.addRecording(request.caller, request.params.id, request.body);
    return reply.code(201).send({ data });
  },
});

export const removeRecording = coachRoute({
  schema: {
    params: closed({ id, recordingId: id }),
    response: ok(closed({ id: integer })),
  },
  async handle(s, request) {
    const { id: groupId, recordingId } = request.params;
    return { data: await s.groupSessions.removeRecording(request.caller, groupId, recordingId) };
  },
});
