// The coach's programme: a group's live sessions (schedule, move, cancel; each member mailed an invitation) and
// recordings, the group's progress (JSON and a CSV download), flash lessons opened to a client, and the coach's
// library of links and files shared with clients, companies, groups or all their clients. Every call reaches
// only the coach's own groups, clients and resources: anything else is a 404.
import { FieldError } from '../errors.js';
import { calendarDate, id, list, text } from './client-schemas.js';
import { readSending, sendingLimits } from './file-sending.js';
import { sendPrivateFile } from './private-file.js';
import { coachRoute } from './route.js';
import { closed, line, multiLine, nullableString, ok, singleLine } from './schemas.js';

const integer = { type: 'integer' } as const;
const string = { type: 'string' } as const;
const boolean = { type: 'boolean' } as const;
const webLink = (max: number) => line(max, { minLength: 1, pattern: '^https?://\\S+$' });

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

const groupRef = closed({ id: integer, title: string });

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

// ticked: the lesson steps ticked; checked: the coach's checklist items ticked.
const figures = closed({ watched: integer, ticked: integer, checked: integer, completed: integer });

export const groupProgress = coachRoute({
  schema: {
    params: closed({ id }),
    response: ok(
      closed({
        group: groupRef,
        steps: integer,
        lessons: list(closed({ lesson: groupRef, checklist: integer, ...figures.properties })),
        members: list(
          closed({
            member: closed({ id: integer, first_name: string, last_name: string }),
            cells: list(closed({ watched: boolean, ticked: integer, checked: integer, completed: boolean })),
            ...figures.properties,
          }),
        ),
      }),
    ),
  },
  async handle(s, request) {
    return { data: await s.groupProgress.figures(request.caller, request.params.id) };
  },
});

export const groupProgressCsv = coachRoute({
  schema: { params: closed({ id }) },
  async handle(s, request, reply) {
    const { title, csv } = await s.groupProgress.csv(request.caller, request.params.id);
    return sendPrivateFile(reply, {
      name: `${title} progress.csv`,
      type: 'text/csv; charset=utf-8',
      bytes: Buffer.from(csv, 'utf8'),
    });
  },
});

const flashLessons = closed({
  assessments: list(
    closed({
      id: integer,
      title: string,
      lessons: list(closed({ id: integer, title: string, open: boolean })),
    }),
  ),
});

export const clientFlashLessons = coachRoute({
  schema: { params: closed({ id }), response: ok(flashLessons) },
  async handle(s, request) {
    return { data: await s.coachFlash.lessons(request.caller, request.params.id) };
  },
});

export const setFlashAccess = coachRoute({
  schema: {
    params: closed({ id }),
    body: closed({ assessment_id: id, lesson_id: id, open: boolean }),
    response: ok(flashLessons),
  },
  limited: true,
  async handle(s, request) {
    return { data: await s.coachFlash.setAccess(request.caller, request.params.id, request.body) };
  },
});

const resourceFile = {
  anyOf: [{ type: 'null' }, closed({ name: string, size: integer, type: string })],
} as const;
export const resourceFields = {
  id: integer,
  title: string,
  kind: { type: 'string', enum: ['file', 'link'] },
  url: nullableString,
  file: resourceFile,
  created_at: string,
} as const;
const audience = { type: 'string', enum: ['client', 'company', 'group', 'all'], ...singleLine } as const;
const resource = closed({
  ...resourceFields,
  shares: list(closed({ id: integer, audience, target_id: { type: ['integer', 'null'] }, name: string })),
});

export const coachLibrary = coachRoute({
  schema: {
    response: ok(
      closed({
        resources: list(resource),
        audiences: closed({
          clients: list(closed({ id: integer, first_name: string, last_name: string })),
          companies: list(closed({ id: integer, name: string })),
          groups: list(groupRef),
        }),
      }),
    ),
  },
  async handle(s, request) {
    return { data: await s.resources.library(request.caller) };
  },
});

export const addLink = coachRoute({
  schema: {
    body: closed({ title: text(200), url: webLink(2000) }),
    response: { 201: closed({ data: resource }) },
  },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.resources.addLink(request.caller, request.body) });
  },
});

export const addFile = coachRoute({
  schema: { response: { 201: closed({ data: resource }) } },
  limited: true,
  multipart: sendingLimits(1),
  async handle(s, request, reply) {
    const { description, files } = await readSending(request, null);
    const [file, ...more] = files;
    if (!file) throw new FieldError({ files: ['Choose a file.'] });
    if (more.length > 0) throw new FieldError({ files: ['Add one file at a time.'] });
    if (description.length > 200)
      throw new FieldError({ description: ['Keep the title to 200 characters.'] });
    const data = await s.resources.addFile(request.caller, { title: description, file });
    return reply.code(201).send({ data });
  },
});

export const shareResource = coachRoute({
  schema: {
    params: closed({ id }),
    body: closed({ audience, target_id: id }, ['audience']),
    response: ok(resource),
  },
  limited: true,
  async handle(s, request) {
    return { data: await s.resources.share(request.caller, request.params.id, request.body) };
  },
});

export const unshareResource = coachRoute({
  schema: { params: closed({ id, shareId: id }), response: ok(resource) },
  async handle(s, request) {
    const { id: resourceId, shareId } = request.params;
    return { data: await s.resources.unshare(request.caller, resourceId, shareId) };
  },
});

export const deleteResource = coachRoute({
  schema: { params: closed({ id }), response: ok(closed({ id: integer })) },
  async handle(s, request) {
    return { data: await s.resources.remove(request.caller, request.params.id) };
  },
});

export const downloadResource = coachRoute({
  schema: { params: closed({ id }) },
  async handle(s, request, reply) {
    return sendPrivateFile(reply, await s.resources.download(request.caller, request.params.id));
  },
});

const amount = { type: 'integer', minimum: 0, maximum: 2_000_000_000 } as const;
const areaFields = {
  name: text(200),
  score: { type: 'integer', minimum: 0, maximum: 10 },
  current_amount: amount,
  potential_amount: amount,
  focus_rank: { type: ['integer', 'null'], minimum: 1, maximum: 100 },
  goal: { type: 'string', maxLength: 2000, ...multiLine },
} as const;
const day = { type: 'string', format: 'date', ...singleLine } as const;

const assessmentPage = closed({
  assessment: closed({
    id: integer,
    title: string,
    assessed_on: string,
    currency_id: integer,
    currency: string,
  }),
  areas: list(
    closed({
      id: integer,
      name: string,
      score: integer,
      current_amount: integer,
      potential_amount: integer,
      focus_rank: { type: ['integer', 'null'] },
      goal: string,
      steps: list(
        closed({
          id: integer,
          title: string,
          description: string,
          due_date: nullableString,
          on_board: boolean,
        }),
      ),
    }),
  ),
  currencies: list(closed({ id: integer, code: string, name: string })),
});

export const createAssessment = coachRoute({
  schema: {
    params: closed({ id }),
    body: closed({ title: text(200), assessed_on: day, currency_id: id }, ['title', 'assessed_on']),
    response: { 201: closed({ data: assessmentPage }) },
  },
  limited: true,
  async handle(s, request, reply) {
    const data = await s.coachAssessments.create(request.caller, request.params.id, request.body);
    return reply.code(201).send({ data });
  },
});

export const assessmentOfClient = coachRoute({
  schema: {
    params: closed({ id, assessmentId: id }),
    response: ok(assessmentPage),
  },
  async handle(s, request) {
    const { id: clientId, assessmentId } = request.params;
    return { data: await s.coachAssessments.page(request.caller, clientId, assessmentId) };
  },
});

export const editAssessment = coachRoute({
  schema: {
    params: closed({ id, assessmentId: id }),
    body: { ...closed({ title: text(200), assessed_on: day }, []), minProperties: 1 },
    response: ok(assessmentPage),
  },
  async handle(s, request) {
    const { id: clientId, assessmentId } = request.params;
    return { data: await s.coachAssessments.update(request.caller, clientId, assessmentId, request.body) };
  },
});

export const addArea = coachRoute({
  schema: {
    params: closed({ id, assessmentId: id }),
    body: closed(areaFields),
    response: { 201: closed({ data: assessmentPage }) },
  },
  async handle(s, request, reply) {
    const { id: clientId, assessmentId } = request.params;
    const data = await s.coachAssessments.addArea(request.caller, clientId, assessmentId, request.body);
    return reply.code(201).send({ data });
  },
});

export const editArea = coachRoute({
  schema: {
    params: closed({ id, areaId: id }),
    body: { ...closed(areaFields, []), minProperties: 1 },
    response: ok(assessmentPage),
  },
  async handle(s, request) {
    const { id: clientId, areaId } = request.params;
    return { data: await s.coachAssessments.updateArea(request.caller, clientId, areaId, request.body) };
  },
});

export const deleteArea = coachRoute({
  schema: { params: closed({ id, areaId: id }), response: ok(assessmentPage) },
  async handle(s, request) {
    const { id: clientId, areaId } = request.params;
    return { data: await s.coachAssessments.deleteArea(request.caller, clientId, areaId) };
  },
});

export const addImplementationStep = coachRoute({
  schema: {
    params: closed({ id, areaId: id }),
    body: closed(
      {
        title: text(200),
        description: { type: 'string', maxLength: 2000, ...multiLine },
        due_date: calendarDate,
        add_to_action_steps: boolean,
      },
      ['title', 'add_to_action_steps'],
    ),
    response: { 201: closed({ data: assessmentPage }) },
  },
  async handle(s, request, reply) {
    const { id: clientId, areaId } = request.params;
    const data = await s.coachAssessments.addStep(request.caller, clientId, areaId, request.body);
    return reply.code(201).send({ data });
  },
});

export const deleteImplementationStep = coachRoute({
  schema: {
    params: closed({ id, stepId: id }),
    response: ok(closed({ id: integer })),
  },
  async handle(s, request) {
    const { id: clientId, stepId } = request.params;
    return { data: await s.coachAssessments.deleteStep(request.caller, clientId, stepId) };
  },
});
