// The coach's side of booking: their availability (read and saved whole), their meeting types (a DELETE
// archives: a type with meetings is never deleted), and a preview of the slots their clients see.
import { id } from '../../../contracts/rest/client.js';
import {
  availability,
  availabilityPage,
  meetingType,
  meetingTypeChange,
  meetingTypes,
  newMeetingType,
  slotsPage,
  slotsQuery,
} from '../../../contracts/rest/booking.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';
import { coachRoute } from './route.js';

export const coachAvailability = coachRoute({
  at: ['GET', '/api/v1/coach/availability'],
  schema: { response: ok(availabilityPage) },
  async handle(s, request) {
    return { data: await s.availability.read(request.caller) };
  },
});

export const saveAvailability = coachRoute({
  at: ['PUT', '/api/v1/coach/availability'],
  schema: { body: availability, response: ok(availabilityPage) },
  limited: true,
  async handle(s, request) {
    return { data: await s.availability.save(request.caller, request.body) };
  },
});

export const coachMeetingTypes = coachRoute({
  at: ['GET', '/api/v1/coach/meeting-types'],
  schema: { response: ok(meetingTypes) },
  async handle(s, request) {
    return { data: await s.meetingTypes.list(request.caller) };
  },
});

export const addMeetingType = coachRoute({
  at: ['POST', '/api/v1/coach/meeting-types'],
  schema: { body: newMeetingType, response: { 201: closed({ data: meetingType }) } },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.meetingTypes.create(request.caller, request.body) });
  },
});

export const changeMeetingType = coachRoute({
  at: ['PATCH', '/api/v1/coach/meeting-types/:id'],
  schema: { params: closed({ id }), body: meetingTypeChange, response: ok(meetingType) },
  limited: true,
  async handle(s, request) {
    return { data: await s.meetingTypes.change(request.caller, request.params.id, request.body) };
  },
});

export const archiveMeetingType = coachRoute({
  at: ['DELETE', '/api/v1/coach/meeting-types/:id'],
  schema: { params: closed({ id }), response: ok(meetingType) },
  async handle(s, request) {
    return { data: await s.meetingTypes.archive(request.caller, request.params.id) };
  },
});

const { coach_id: _coach, ...previewQuery } = slotsQuery.properties;

export const previewSlots = coachRoute({
  at: ['GET', '/api/v1/coach/booking/slots'],
  schema: { querystring: closed(previewQuery, ['type_id']), response: ok(slotsPage) },
  async handle(s, request) {
    return { data: await s.booking.coachPreview(request.caller, request.query) };
  },
});
