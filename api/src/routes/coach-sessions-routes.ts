// A coach's group's live sessions (schedule, move, cancel; each member mailed an invitation) and its
// recordings. Every call reaches only the coach's own groups: anything else is a 404.
import { id } from '../../../contracts/rest/client.js';
import {
  groupSession,
  groupSessions,
  recording,
  recordingInput,
  sessionFields,
  sessionInput,
} from '../../../contracts/rest/coach-sessions.js';
import { coachRoute } from './route.js';
import { closed, integer, ok } from '../../../contracts/rest/pieces.js';

export const groupSessionsPage = coachRoute({
  schema: {
    params: closed({ id }),
    response: ok(groupSessions),
  },
  async handle(s, request) {
    return { data: await s.groupSessions.list(request.caller, request.params.id) };
  },
});

export const scheduleSession = coachRoute({
  schema: {
    params: closed({ id }),
    body: sessionInput,
    response: { 201: closed({ data: groupSession }) },
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
    response: ok(groupSession),
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
    body: recordingInput,
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
