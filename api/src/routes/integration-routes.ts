// The integration API (/integration/v1/): the tenant's own systems call it with an API key, never a session.
// Reads page through what the tenant's clients did; writes go through the coach's services as that coach.
import type { Activity } from '../services/integration/integration-service.js';
import { text } from '../../../contracts/rest/client.js';
import { meetingFields, overlap } from '../../../contracts/rest/coach-inputs.js';
import { scheduledMeeting, message } from '../../../contracts/rest/coach.js';
import { coachAndClient, page, pageQuery, rows } from '../../../contracts/rest/integration.js';
import { keyRoute } from './route.js';
import { closed, integer, multiLine, string } from '../../../contracts/rest/pieces.js';

const readList = <const A extends Activity>(what: A, description: string) =>
  keyRoute('read', {
    schema: {
      summary: `List ${what.replace('-', ' ')}`,
      description,
      querystring: pageQuery,
      response: page(rows[what]),
    },
    async handle(s, request) {
      const { limit = 50, since, cursor } = request.query;
      return s.integration.read(request.key, request.tenant, what, { limit, since, cursor });
    },
  });

export const messages = readList(
  'messages',
  'Mailbox messages between clients and their coaches: who wrote to whom, when, and the thread (`parent_id`, ' +
    'null for a thread’s first message). `subject` and `body` are null unless the tenant shares message ' +
    'content with its own systems (`integrationApi.messageContent` in its tenant.json).',
);
export const files = readList(
  'files',
  'Files sent between clients and their coaches, with the files in each.',
);
export const tickets = readList('tickets', "Clients' support tickets.");
export const testimonials = readList('testimonials', "Clients' testimonials.");
export const referrals = readList('referrals', 'People clients referred.');
export const payments = readList('payments', "Clients' payments for paid groups.");
export const lessonProgress = readList(
  'lesson-progress',
  "Clients' progress through lessons, ordered by the last change.",
);

export const goals = readList(
  'goals',
  "Clients' goals, ordered by the last change. Progress is (`milestones_done` + `action_steps_done`) over " +
    '(`milestones` + `action_steps`), and 100% once `status` is `completed`.',
);
export const recaps = readList(
  'recaps',
  'Meeting recaps coaches shared with their clients (never a draft), ordered by the last change; `body` is ' +
    'HTML within the rich-text rule (paragraphs, lists, emphasis, links).',
);

export const bookMeeting = keyRoute('read-write', {
  schema: {
    summary: 'Book a meeting',
    description:
      'Books a meeting of a coach with one of their clients, as the coach would: the client is mailed the invitation. ' +
      "An overlap with another of the coach's meetings is a 409 unless sent with confirm_overlap: true.",
    body: closed({ ...coachAndClient, ...meetingFields }, [
      'coach_email',
      'client_email',
      'title',
      'start',
      'duration_minutes',
    ]),
    response: { 201: closed({ data: scheduledMeeting }), 409: overlap },
  },
  async handle(s, request, reply) {
    const booked = await s.integration.bookMeeting(request.tenant, request.key, request.body);
    if ('overlaps' in booked)
      return reply.code(409).send({
        message:
          'This time overlaps another of the coach’s meetings. Send confirm_overlap: true to keep both.',
        overlaps: booked.overlaps,
      });
    return reply.code(201).send({ data: booked.meeting });
  },
});

export const sendMessage = keyRoute('read-write', {
  schema: {
    summary: 'Send a message from a coach',
    description:
      'A mailbox message from a coach to one of their clients, as if the coach wrote it; the client is told by mail.',
    body: closed({ ...coachAndClient, subject: text(1000), body: text(100_000, multiLine) }),
    response: { 201: closed({ data: message }) },
  },
  async handle(s, request, reply) {
    return reply
      .code(201)
      .send({ data: await s.integration.sendMessage(request.tenant, request.key, request.body) });
  },
});

export const keyInfo = keyRoute('read', {
  schema: {
    summary: 'This key',
    description: 'The key’s name, scope and tenant: what a script checks before it writes.',
    response: {
      200: closed({
        data: closed({
          name: string,
          scope: { type: 'string', enum: ['read', 'read-write'] },
          tenant: closed({ id: integer, slug: string, name: string }),
        }),
      }),
    },
  },
  async handle(_s, request) {
    const { id, slug, name } = request.tenant;
    return { data: { name: request.key.name, scope: request.key.scope, tenant: { id, slug, name } } };
  },
});
