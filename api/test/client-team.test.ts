// Team members and tasks: members, add, assign, deadlines, tasks and their status, the tasks export and
// sharing by mail (validated, rate-limited); another client's member and task ids are 404 and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './helpers/harness.js';
import { post, withClientWork } from './helpers/client-work.js';
import type { Person } from './helpers/sign-in.js';
import { mailsTo } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let me: Person;
let other: Person;
beforeAll(async () => {
  await h.start();
  me = await withClientWork(h, await signIn(h));
  other = await withClientWork(h, await signIn(h));
});
afterAll(() => h.stop());

interface Task {
  id: number;
  title: string;
  deadline: string | null;
  team_member_id: number | null;
  responsibility: string;
  status: number;
  note: string;
}
const tasks = async (c: Person): Promise<Task[]> => (await post(h, c, '/api/v1/tasks/client/')).json().data;
const members = async (c: Person) => (await post(h, c, '/api/v1/clientportal/team/members/')).json().data;

describe('team members', () => {
  it('lists the caller’s team and adds a member (201)', async () => {
    const before = await members(me);
    expect(before.map((m: { first_name: string }) => m.first_name)).toEqual(['Jamal', 'Sofia']);
    const res = await post(h, me, '/api/v1/clientportal/team/add/', {
      first_name: ' Ana ',
      last_name: 'Lopez',
      email: 'Ana@Example.com',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      first_name: 'Ana',
      last_name: 'Lopez',
      email: 'ana@example.com',
    });
    expect(await members(me)).toHaveLength(3);
    expect(await members(other)).toHaveLength(2);
  });

  it('refuses a member without names, with a bad email or extra fields (422)', async () => {
    const res = await post(h, me, '/api/v1/clientportal/team/add/', {
      first_name: '',
      email: 'not-an-email',
      client_id: 3,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error).sort()).toEqual(['client_id', 'email', 'first_name', 'last_name']);
  });
});

describe('tasks', () => {
  it('assigns a task to a team member, naming them as responsible', async () => {
    const [member] = await members(me);
    const task = (await tasks(me)).find((t) => t.team_member_id === null)!;
    const res = await post(h, me, '/api/v1/clientportal/team/member/assign/', {
      task_id: task.id,
      member_id: member.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: task.id,
      team_member_id: member.id,
      responsibility: `${member.first_name} ${member.last_name}`,
      member: { id: member.id, first_name: member.first_name, last_name: member.last_name },
    });
  });

  it('changes and reads a deadline', async () => {
    const [task] = await tasks(me);
    const deadline = '2027-01-15T17:30:00.000Z';
    const res = await post(h, me, '/api/v1/clientportal/team/task/change/deadline/', {
      task_id: task!.id,
      deadline: '2027-01-15T18:30:00+01:00',
    });
    expect(res.json().data.deadline).toBe(deadline);
    const read = await post(h, me, '/api/v1/clientportal/team/task/get/deadline/', { task_id: task!.id });
    expect(read.json()).toEqual({ data: { task_id: task!.id, deadline } });
  });

  it('updates a task’s status and note', async () => {
    const [task] = await tasks(me);
    const res = await post(h, me, '/api/v1/tasks/status/', { task_id: task!.id, status: 2, note: ' Done ' });
    expect(res.json().data).toMatchObject({ id: task!.id, status: 2, note: 'Done' });
    const keep = await post(h, me, '/api/v1/tasks/status/', { task_id: task!.id, status: 1 });
    expect(keep.json().data).toMatchObject({ status: 1, note: 'Done' });
  });

  it('validates task calls (422)', async () => {
    const [task] = await tasks(me);
    const cases: [string, object, string[]][] = [
      ['/api/v1/clientportal/team/member/assign/', { task_id: task!.id }, ['member_id']],
      [
        '/api/v1/clientportal/team/task/change/deadline/',
        { task_id: task!.id, deadline: 'tomorrow' },
        ['deadline'],
      ],
      ['/api/v1/clientportal/team/task/get/deadline/', { task_id: 0 }, ['task_id']],
      ['/api/v1/tasks/status/', { task_id: task!.id, status: 3 }, ['status']],
      ['/api/v1/tasks/client/', { user_id: 1 }, ['user_id']],
    ];
    for (const [url, body, fields] of cases) {
      const res = await post(h, me, url, body);
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().error), url).toEqual(fields);
    }
  });

  it('another client’s tasks and members are 404 and stay unchanged', async () => {
    const theirTasks = await tasks(other);
    const [theirMember] = await members(other);
    const [myTask] = await tasks(me);
    const [myMember] = await members(me);
    const victim = theirTasks[0]!;
    const calls: [string, object][] = [
      ['/api/v1/clientportal/team/member/assign/', { task_id: victim.id, member_id: myMember.id }],
      ['/api/v1/clientportal/team/member/assign/', { task_id: myTask!.id, member_id: theirMember.id }],
      [
        '/api/v1/clientportal/team/task/change/deadline/',
        { task_id: victim.id, deadline: '2030-01-01T00:00:00Z' },
      ],
      ['/api/v1/clientportal/team/task/get/deadline/', { task_id: victim.id }],
      ['/api/v1/tasks/status/', { task_id: victim.id, status: 2, note: 'hijacked' }],
    ];
    const mine = await tasks(me);
    for (const [url, body] of calls) {
      const res = await post(h, me, url, body);
      expect(res.statusCode, url).toBe(404);
    }
    expect(await tasks(other)).toEqual(theirTasks);
    expect(await tasks(me)).toEqual(mine);
  });

  it('downloads tasks as CSV, formula cells neutralised', async () => {
    const at = h.clock.now();
    await h.db
      .insertInto('tasks')
      .values({
        tenant_id: 501,
        client_id: me.user.id,
        title: '=cmd|"/c calc"!A1',
        note: '@evil',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const res = await post(h, me, '/api/v1/impcoaching/task/download/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="tasks.csv"');
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Task,Responsibility,Deadline,Status,Note,File',
    );
    expect(res.body).toContain(`"'=cmd|""/c calc""!A1",,,To do,'@evil,`);
    expect(res.body).toContain('Count inventory and update the order sheet');
    expect((await post(h, other, '/api/v1/impcoaching/task/download/')).body).not.toContain('calc');
  });
});

describe('list and export calls', () => {
  it('take an empty body: any field is a 422 naming it, with nothing answered', async () => {
    const urls = [
      '/api/v1/clientportal/schedule/',
      '/api/v1/clientportal/notes/',
      '/api/v1/impcoaching/steps/',
      '/api/v1/actionsteps/access',
      '/api/v1/coachingportal/commitment/download/',
      '/api/v1/clientportal/team/members/',
      '/api/v1/tasks/client/',
      '/api/v1/impcoaching/task/download/',
    ];
    for (const url of urls) {
      const res = await post(h, me, url, { client_id: other.user.id });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({ error: { client_id: ['This field is not allowed.'] } });
    }
  });
});

describe('sharing tasks by email', () => {
  it('mails the task list to the address, as plain text', async () => {
    const res = await post(h, me, '/api/v1/coachingportal/task/share/', { email: 'Partner@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ sent: true, to: 'partner@example.com' });
    const [mail] = await mailsTo(h.mailDir, 'partner@example.com');
    expect(mail!.subject).toContain('shared a task list with you');
    expect(mail!.text).toContain('Collect three quotes for a new oven');
  });

  it('refuses a bad address (422)', async () => {
    for (const email of ['nope', 'a@b@c', '', 'x'.repeat(250) + '@a.io']) {
      const res = await post(h, me, '/api/v1/coachingportal/task/share/', { email });
      expect(res.statusCode, email).toBe(422);
      expect(res.json().error).toHaveProperty('email');
    }
  });

  it('allows 5 mails an hour per client, then 429 with Retry-After', async () => {
    const sender = await withClientWork(h, await signIn(h));
    for (let i = 0; i < 5; i++) {
      const ok = await post(h, sender, '/api/v1/coachingportal/task/share/', { email: `r${i}@example.com` });
      expect(ok.statusCode).toBe(200);
    }
    const res = await post(h, sender, '/api/v1/coachingportal/task/share/', { email: 'r9@example.com' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(h.mailDir, 'r9@example.com')).toEqual([]);
    // Another client is not affected.
    expect(
      (await post(h, other, '/api/v1/coachingportal/task/share/', { email: 'r9@example.com' })).statusCode,
    ).toBe(200);
  });
});
