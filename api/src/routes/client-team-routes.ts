// Team members and tasks: members, add, assign, deadlines, the client's tasks and their status, the tasks
// export and sharing the list by mail. A member or task id of another client is a 404 and changes nothing.
import { sendCsv } from './client-files.js';
import {
  call,
  dateTime,
  fileCall,
  id,
  list,
  noBody,
  task,
  teamMember,
} from '../../../contracts/rest/client.js';
import { newTeamMember } from '../../../contracts/rest/client-work.js';
import { clientRoute } from './route.js';
import {
  boolean,
  closed,
  email,
  integer,
  multiLine,
  singleLine,
  string,
} from '../../../contracts/rest/pieces.js';

export const teamMembers = clientRoute({
  schema: call(noBody, list(teamMember)),
  async handle(s, request) {
    return { data: await s.team.members(request.caller) };
  },
});

export const addTeamMember = clientRoute({
  schema: call(newTeamMember, teamMember, 201),
  async handle(s, request, reply) {
    const data = await s.team.addMember(request.caller, request.body);
    return reply.code(201).send({ data });
  },
});

export const assignTask = clientRoute({
  schema: call(closed({ task_id: id, member_id: id }), task),
  async handle(s, request) {
    const { task_id, member_id } = request.body;
    return { data: await s.team.assign(request.caller, task_id, member_id) };
  },
});

export const changeDeadline = clientRoute({
  schema: call(closed({ task_id: id, deadline: { ...dateTime, ...singleLine } }), task),
  async handle(s, request) {
    const { task_id, deadline } = request.body;
    return { data: await s.team.changeDeadline(request.caller, task_id, new Date(deadline)) };
  },
});

export const getDeadline = clientRoute({
  schema: call(closed({ task_id: id }), closed({ task_id: integer, deadline: { type: ['string', 'null'] } })),
  async handle(s, request) {
    return { data: await s.team.getDeadline(request.caller, request.body.task_id) };
  },
});

export const clientTasks = clientRoute({
  schema: call(noBody, list(task)),
  async handle(s, request) {
    return { data: await s.team.tasks(request.caller) };
  },
});

// Task codes follow the commitments' (0 to do, 1 in progress, 2 completed).
export const taskStatus = clientRoute({
  schema: call(
    closed(
      {
        task_id: id,
        status: { type: 'integer', minimum: 0, maximum: 2 },
        note: { type: 'string', maxLength: 2000, ...multiLine },
      },
      ['task_id', 'status'],
    ),
    task,
  ),
  async handle(s, request) {
    const { task_id, status, note } = request.body;
    return { data: await s.team.setStatus(request.caller, task_id, status, note) };
  },
});

export const taskDownload = clientRoute({
  schema: fileCall('tasks.csv: Task, Responsibility, Deadline, Status, Note, File'),
  async handle(s, request, reply) {
    return sendCsv(reply, 'tasks.csv', await s.team.tasksCsv(request.caller));
  },
});

export const shareTasks = clientRoute({
  schema: call(closed({ email }), closed({ sent: boolean, to: string, tasks: integer })),
  async handle(s, request) {
    const to = request.body.email.trim().toLowerCase();
    return { data: await s.team.share(request.tenant, request.caller, to) };
  },
});
