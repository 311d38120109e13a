// Team members and their tasks: add members, assign a task to one, move a deadline, update a task's status
// and note, export the list and mail it. A member and a task must both be the caller's (404 otherwise).
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { formatInZone, stageName, toCsv } from '../client-work/csv.js';
import { found, notFound } from '../client-work/owner.js';
import { claimShare } from '../client-work/share-limit.js';
import type { Actor } from '../access/scope.js';
import type { Mailer } from '../mail/mailer.js';
import { taskListMail } from './task-mail.js';
import {
  findClient,
  findMember,
  findTask,
  insertMember,
  listMembers,
  listTasks,
  updateTask,
} from './team-repository.js';
import type { TaskRow } from './team-repository.js';

type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

const member = (row: MemberRow) => ({ ...row, created_at: row.created_at.toISOString() });

const task = (row: TaskRow) => ({
  id: row.id,
  title: row.title,
  deadline: row.deadline?.toISOString() ?? null,
  responsibility: row.responsibility,
  file_name: row.file_name,
  status: row.status,
  note: row.note,
  team_member_id: row.team_member_id,
  member: row.team_member_id
    ? {
        id: row.team_member_id,
        first_name: row.member_first_name ?? '',
        last_name: row.member_last_name ?? '',
      }
    : null,
  updated_at: row.updated_at.toISOString(),
});

export type Task = ReturnType<typeof task>;

interface TeamDeps {
  db: Kysely<Database>;
  now: () => Date;
  mailer: Mailer;
}

export function createTeamService({ db, now, mailer }: TeamDeps) {
  const change = async (owner: Actor, id: number, fields: Parameters<typeof updateTask>[3]) => {
    if (!(await updateTask(db, owner, id, { ...fields, updated_at: now() }))) throw notFound('Task');
    return task(found(await findTask(db, owner, id), 'Task'));
  };
  return {
    members: async (owner: Actor) => (await listMembers(db, owner)).map(member),
    async addMember(owner: Actor, input: { first_name: string; last_name: string; email?: string | null }) {
      const fields = {
        first_name: input.first_name.trim(),
        last_name: input.last_name.trim(),
        email: input.email?.trim().toLowerCase() || null,
      };
      return member(await insertMember(db, owner, fields, now()));
    },
    async assign(owner: Actor, taskId: number, memberId: number) {
      const m = found(await findMember(db, owner, memberId), 'Team member');
      return change(owner, taskId, {
        team_member_id: m.id,
        responsibility: `${m.first_name} ${m.last_name}`,
      });
    },
    changeDeadline: (owner: Actor, taskId: number, deadline: Date) => change(owner, taskId, { deadline }),
    async getDeadline(owner: Actor, taskId: number) {
      const row = found(await findTask(db, owner, taskId), 'Task');
      return { task_id: row.id, deadline: row.deadline?.toISOString() ?? null };
    },
    tasks: async (owner: Actor) => (await listTasks(db, owner)).map(task),
    setStatus: (owner: Actor, taskId: number, status: number, note?: string) =>
      change(owner, taskId, { status, ...(note !== undefined && { note: note.trim() }) }),
    async tasksCsv(owner: Actor): Promise<string> {
      const [rows, client] = await Promise.all([listTasks(db, owner), findClient(db, owner)]);
      return toCsv(
        ['Task', 'Responsibility', 'Deadline', 'Status', 'Note', 'File'],
        rows.map((r) => [
          r.title,
          r.responsibility,
          formatInZone(r.deadline, client.time_zone),
          stageName(r.status),
          r.note,
          r.file_name,
        ]),
      );
    },
    async share(tenant: Tenant, owner: Actor, to: string) {
      await claimShare(db, 'task_shares', owner, to, now());
      const [rows, client] = await Promise.all([listTasks(db, owner), findClient(db, owner)]);
      await mailer.send(taskListMail(tenant, client, to, rows));
      return { sent: true, to, tasks: rows.length };
    },
  };
}
