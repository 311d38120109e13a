// The coach's programme through the API on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh), with the seeded fixture tenants: a group's live sessions (each member mailed an
// invitation that a move re-sends with a higher SEQUENCE and a cancel withdraws), its recordings and progress
// (figures and CSV from the analytics rows), flash lessons opened to and closed from a client, and the coach's
// library shared with a client, a company, a group or all their clients. Another coach's group, client or
// resource is a 404 that changes nothing; a client is refused every coach call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, progressCsv } from '../src/services/programme/progress.js';
import { as, startSignedIn } from './helpers/coach.js';
import { sendFiles } from './helpers/company-files.js';
import { BETA, Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import type { Mail } from './helpers/mail.js';
import type { Person } from './helpers/sign-in.js';
import { pdf } from './helpers/mailbox.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client: Person;
let basic: Person;
let client2: Person;
let foreignCoach: Person;
let groupId: number;
let userGroupId: number;

beforeAll(async () => {
  [coach, coach2, client, basic, client2, foreignCoach] = await startSignedIn(
    h,
    'coach',
    'coach2',
    'client',
    'basic',
    'client2',
    ['coach', BETA],
  );
  // The seed's free group of coach@ with client@ an active member.
  const row = await h.db
    .selectFrom('user_groups as ug')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select(['g.id', 'ug.id as ug'])
    .where('ug.user_id', '=', client.user.id)
    .where('ug.status', '=', 'active')
    .orderBy('g.id')
    .executeTakeFirstOrThrow();
  groupId = row.id;
  userGroupId = row.ug;
});
afterAll(() => h.stop());

const LESSON_MEETINGS = `query ($user_id: Int!) { lessonMeetingSearch(user_id: $user_id) { id title meeting_time } }`;
const lessonMeetings = async (who: Person) =>
  (
    await h.call('POST', '/gapi', {
      tenant: who.user.tenantId,
      headers: { token: who.token },
      body: { query: LESSON_MEETINGS, variables: { user_id: who.user.id } },
    })
  ).json().data.lessonMeetingSearch as { title: string; meeting_time: string }[];

function invitation(mail: Mail) {
  const file = mail.attachments![0]!;
  const lines = file.content.replace(/\r\n[ \t]/g, '').split('\r\n');
  return (name: string) => lines.find((l) => l.startsWith(`${name}:`))?.replace(/^[^:]*:/, '');
}

const sessions = (groupPath = groupId) => `/api/v1/coach/groups/${groupPath}/sessions`;

describe("a group's live sessions", () => {
  it('schedules a session: the member sees it, is mailed an invitation; a move re-sends it, a cancel withdraws it', async () => {
    const sent = (await mailsTo(h.mailDir, client.user.email)).length;
    const res = await as(h, coach, 'POST', sessions(), {
      title: 'Live Q&A',
      start: '2027-05-04T10:00',
      duration_minutes: 60,
      meeting_url: 'https://meet.example/live',
    });
    expect(res.statusCode).toBe(201);
    const session = res.json().data;
    expect(session).toMatchObject({ title: 'Live Q&A', duration_minutes: 60 });
    expect(await lessonMeetings(client)).toContainEqual(
      expect.objectContaining({ title: 'Live Q&A', meeting_time: session.starts_at }),
    );
    const firstMail = await waitForMail(h.mailDir, client.user.email, sent + 1);
    // The group's own mail (templates/mail/group-session), not a one-to-one meeting's.
    expect(firstMail.subject).toMatch(/live session "Live Q&A"/);
    const first = invitation(firstMail);
    expect(first('METHOD')).toBe('REQUEST');
    expect(first('UID')).toBe(`group-session-${session.id}@portal.alpha-coaching.example`);
    expect(first('SEQUENCE')).toBe('0');

    const listed = (await as(h, coach, 'GET', sessions())).json().data;
    expect(listed.sessions).toContainEqual(session);
    expect(listed.members.map((m: { id: number }) => m.id)).toContain(client.user.id);

    const moved = await as(h, coach, 'POST', `${sessions()}/${session.id}`, { start: '2027-05-05T11:30' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.starts_at).not.toBe(session.starts_at);
    expect(await lessonMeetings(client)).toContainEqual(
      expect.objectContaining({ title: 'Live Q&A', meeting_time: moved.json().data.starts_at }),
    );
    const second = invitation(await waitForMail(h.mailDir, client.user.email, sent + 2));
    expect(second('UID')).toBe(`group-session-${session.id}@portal.alpha-coaching.example`);
    expect(second('SEQUENCE')).toBe('1');

    const cancelled = await as(h, coach, 'POST', `${sessions()}/${session.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const thirdMail = await waitForMail(h.mailDir, client.user.email, sent + 3);
    expect(thirdMail.subject).toMatch(/live session cancelled "Live Q&A"/);
    const third = invitation(thirdMail);
    expect(third('METHOD')).toBe('CANCEL');
    expect(third('SEQUENCE')).toBe('2');
    expect((await lessonMeetings(client)).map((m) => m.title)).not.toContain('Live Q&A');
  });

  it('schedules the sessions still to come for a member who joins later, and mails their invitation once', async () => {
    const group = (await as(h, coach, 'POST', '/api/v1/coach/groups', { title: 'Late joiners' })).json().data;
    await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, { state: 'open' });
    const session = (
      await as(h, coach, 'POST', sessions(group.id), {
        title: 'Pricing circle',
        start: '2027-06-08T10:00',
        duration_minutes: 45,
        meeting_url: 'https://meet.example/circle',
      })
    ).json().data;
    expect((await lessonMeetings(client)).map((m) => m.title)).not.toContain('Pricing circle');
    const sent = (await mailsTo(h.mailDir, client.user.email)).length;
    // Added five times at once (two tabs, a double click): one lesson meeting, one invitation.
    const adds = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members`, { client_id: client.user.id }),
      ),
    );
    expect(adds.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await lessonMeetings(client)).toContainEqual(
      expect.objectContaining({ title: 'Pricing circle', meeting_time: session.starts_at }),
    );
    const rows = await h.db
      .selectFrom('lesson_meetings')
      .select('id')
      .where('session_id', '=', session.id)
      .execute();
    expect(rows).toHaveLength(1);
    const mail = await waitForMail(h.mailDir, client.user.email, sent + 1);
    expect(mail.subject).toMatch(/live session "Pricing circle"/);
    expect(invitation(mail)('UID')).toBe(`group-session-${session.id}@portal.alpha-coaching.example`);
    // Nothing more is mailed for it: adding again changes nothing, and the next mail is the move's.
    await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members`, { client_id: client.user.id });
    await as(h, coach, 'POST', `${sessions(group.id)}/${session.id}`, { start: '2027-06-09T10:00' });
    const moved = await waitForMail(h.mailDir, client.user.email, sent + 2);
    expect(invitation(moved)('SEQUENCE')).toBe('1');
    expect(await mailsTo(h.mailDir, client.user.email)).toHaveLength(sent + 2);
  });

  it('refuses a time already gone', async () => {
    const res = await as(h, coach, 'POST', sessions(), {
      title: 'Too late',
      start: '2020-01-06T10:00',
      duration_minutes: 30,
      meeting_url: 'https://meet.example/late',
    });
    expect(res.statusCode).toBe(422);
  });

  it("gives another coach's group nothing: 404 for every call, a client 403", async () => {
    const body = {
      title: 'Sneaky',
      start: '2027-05-04T10:00',
      duration_minutes: 30,
      meeting_url: 'https://x.example/',
    };
    const mine = (await as(h, coach, 'POST', sessions(), body)).json().data;
    for (const other of [coach2, foreignCoach]) {
      expect((await as(h, other, 'GET', sessions())).statusCode).toBe(404);
      expect((await as(h, other, 'POST', sessions(), body)).statusCode).toBe(404);
      expect((await as(h, other, 'POST', `${sessions()}/${mine.id}`, { title: 'Mine now' })).statusCode).toBe(
        404,
      );
      expect((await as(h, other, 'POST', `${sessions()}/${mine.id}/cancel`)).statusCode).toBe(404);
      expect((await as(h, other, 'GET', `/api/v1/coach/groups/${groupId}/progress`)).statusCode).toBe(404);
      expect((await as(h, other, 'GET', `/api/v1/coach/groups/${groupId}/progress/csv`)).statusCode).toBe(
        404,
      );
      expect(
        (
          await as(h, other, 'POST', `/api/v1/coach/groups/${groupId}/recordings`, {
            title: 'x',
            recording_url: 'https://x.example/',
          })
        ).statusCode,
      ).toBe(404);
    }
    expect((await as(h, client, 'GET', sessions())).statusCode).toBe(403);
    const still = (await as(h, coach, 'GET', sessions())).json().data.sessions;
    expect(still).toContainEqual(expect.objectContaining({ id: mine.id, title: 'Sneaky' }));
  });

  it('attaches a recording afterwards and removes it', async () => {
    const res = await as(h, coach, 'POST', `/api/v1/coach/groups/${groupId}/recordings`, {
      title: 'Live Q&A recording',
      recording_url: 'https://video.example/qa',
      duration_minutes: 55,
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect((await as(h, coach, 'GET', sessions())).json().data.recordings).toContainEqual(
      expect.objectContaining({ id, recording_url: 'https://video.example/qa' }),
    );
    expect(
      (await as(h, coach2, 'POST', `/api/v1/coach/groups/${groupId}/recordings/${id}/delete`)).statusCode,
    ).toBe(404);
    expect(
      (await as(h, coach, 'POST', `/api/v1/coach/groups/${groupId}/recordings/${id}/delete`)).statusCode,
    ).toBe(200);
  });
});

describe("a group's progress", () => {
  it('counts what each member watched, ticked and completed from the analytics rows, the CSV the same', async () => {
    const lessons = await h.db
      .selectFrom('member_group_lessons')
      .select('lesson_id')
      .where('group_id', '=', groupId)
      .orderBy('lesson_order')
      .execute();
    expect(lessons.length).toBeGreaterThanOrEqual(2);
    await h.db.deleteFrom('lesson_analytics').where('user_group_id', '=', userGroupId).execute();
    await h.db.deleteFrom('lesson_checklist_ticks').where('user_group_id', '=', userGroupId).execute();
    const at = h.clock.now();
    const row = {
      tenant_id: client.user.tenantId,
      user_id: client.user.id,
      user_group_id: userGroupId,
      updated_at: at,
    };
    const steps = { pre_meeting: true, attend_meeting: true, meeting_worksheet: true, taken_quiz: true };
    await h.db
      .insertInto('lesson_analytics')
      .values([
        { ...row, lesson_id: lessons[0]!.lesson_id, ...steps, post_meeting: true },
        { ...row, lesson_id: lessons[1]!.lesson_id, ...steps },
        { ...row, lesson_id: lessons[2]!.lesson_id, taken_quiz: true },
      ])
      .execute();
    // Lesson one's checklist all ticked; lesson two's one item ticked: completed needs every step and item.
    const items = await h.db
      .selectFrom('lesson_checklist_items')
      .select(['id', 'lesson_id'])
      .where('lesson_id', 'in', [lessons[0]!.lesson_id, lessons[1]!.lesson_id])
      .orderBy('sort_order')
      .execute();
    const first = items.filter((i) => i.lesson_id === lessons[0]!.lesson_id);
    const second = items.filter((i) => i.lesson_id === lessons[1]!.lesson_id);
    expect(first.length).toBeGreaterThan(0);
    await h.db
      .insertInto('lesson_checklist_ticks')
      .values(
        [...first, second[0]!].map((item) => ({
          ...row,
          lesson_id: item.lesson_id,
          item_id: item.id,
          ticked: true,
          changed_at: at.getTime(),
          change_id: `seed-${item.id}`,
        })),
      )
      .execute();
    const res = await as(h, coach, 'GET', `/api/v1/coach/groups/${groupId}/progress`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const mine = data.members.find((m: { member: { id: number } }) => m.member.id === client.user.id);
    const n = first.length;
    expect(mine.cells[0]).toEqual({ watched: true, ticked: 5, checked: n, completed: true });
    expect(mine.cells[1]).toEqual({ watched: true, ticked: 4, checked: 1, completed: false });
    expect(mine.cells[2]).toEqual({ watched: true, ticked: 1, checked: 0, completed: false });
    expect(mine).toMatchObject({ watched: 3, ticked: 10, checked: n + 1, completed: 1 });
    expect(data.lessons[0]).toMatchObject({ watched: 1, ticked: 5, checked: n, checklist: n, completed: 1 });
    expect(data.steps).toBe(5);

    const csv = await as(h, coach, 'GET', `/api/v1/coach/groups/${groupId}/progress/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment;/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'Member,Lesson,Watched,Steps ticked,Steps,Checklist ticked,Checklist items,Completed',
    );
    expect(lines[1]).toMatch(new RegExp(`,yes,5,5,${n},${n},yes$`));
    expect(lines[2]).toMatch(new RegExp(`,yes,4,5,1,${second.length},no$`));
  });

  it('writes CSV by RFC 4180 and never as a formula', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(3)).toBe('3');
    const text = progressCsv({
      steps: 5,
      lessons: [
        {
          lesson: { id: 1, title: '=cmd|calc' },
          checklist: 2,
          watched: 1,
          ticked: 2,
          checked: 1,
          completed: 0,
        },
      ],
      members: [
        {
          member: { id: 9, first_name: 'Ann, "Jo"', last_name: 'Lee' },
          cells: [{ watched: true, ticked: 2, checked: 1, completed: false }],
          watched: 1,
          ticked: 2,
          checked: 1,
          completed: 0,
        },
      ],
    });
    expect(text).toBe(
      'Member,Lesson,Watched,Steps ticked,Steps,Checklist ticked,Checklist items,Completed\r\n"Ann, ""Jo"" Lee",\'=cmd|calc,yes,2,5,1,2,no\r\n',
    );
  });
});

describe('flash lessons for a client', () => {
  const LESSONS = '/api/v1/flashcoaching/lessons';
  const flash = (clientId = client.user.id) => `/api/v1/coach/clients/${clientId}/flash-lessons`;

  it('opens a lesson to the client (they see and read it) and closes it again', async () => {
    const page = (await as(h, coach, 'GET', flash())).json().data;
    const assessment = page.assessments[0];
    const closedLesson = assessment.lessons.find((l: { open: boolean }) => !l.open);
    expect(closedLesson).toBeDefined();
    const key = { assessment_id: assessment.id, lesson_id: closedLesson.id };
    const lessonUrl = `${LESSONS}/${assessment.id}/${closedLesson.id}`;
    expect((await as(h, client, 'GET', lessonUrl)).statusCode).toBe(403);

    const opened = await as(h, coach, 'POST', flash(), { ...key, open: true });
    expect(opened.statusCode).toBe(200);
    const seen = (await as(h, client, 'GET', LESSONS)).json().data;
    expect(seen).toContainEqual(
      expect.objectContaining({
        assessment_id: assessment.id,
        access: 1,
        lesson: expect.objectContaining({ id: closedLesson.id }),
      }),
    );
    expect((await as(h, client, 'GET', lessonUrl)).statusCode).toBe(200);

    await as(h, coach, 'POST', flash(), { ...key, open: false });
    const after = (await as(h, client, 'GET', LESSONS)).json().data;
    expect(
      after.filter(
        (l: { access: number; lesson: { id: number }; assessment_id: number }) =>
          l.access === 1 && l.lesson.id === closedLesson.id && l.assessment_id === assessment.id,
      ),
    ).toEqual([]);
    expect((await as(h, client, 'GET', lessonUrl)).statusCode).toBe(403);
  });

  it("gives another coach's client nothing", async () => {
    const assessment = (await as(h, coach, 'GET', flash())).json().data.assessments[0];
    for (const other of [coach2, foreignCoach]) {
      expect((await as(h, other, 'GET', flash())).statusCode).toBe(404);
      expect(
        (
          await as(h, other, 'POST', flash(), {
            assessment_id: assessment.id,
            lesson_id: assessment.lessons[0].id,
            open: true,
          })
        ).statusCode,
      ).toBe(404);
    }
    // Another coach's client's assessment named through client@ is not found either.
    const currency = await h.db.selectFrom('currencies').select('id').executeTakeFirstOrThrow();
    const at = h.clock.now();
    const theirs = await h.db
      .insertInto('assessments')
      .values({
        tenant_id: client2.user.tenantId,
        client_id: client2.user.id,
        company_id: null,
        title: 'Not yours',
        currency_id: currency.id,
        assessed_on: '2026-01-05',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lessonId = assessment.lessons[0].id;
    expect(
      (await as(h, coach, 'POST', flash(), { assessment_id: theirs.id, lesson_id: lessonId, open: true }))
        .statusCode,
    ).toBe(404);
    expect((await as(h, client, 'GET', flash())).statusCode).toBe(403);
  });
});

describe("the coach's library", () => {
  const LIBRARY = '/api/v1/coach/resources';
  const SHARED = '/api/v1/resources/shared';
  const titles = async (who: Person) =>
    ((await as(h, who, 'GET', SHARED)).json().data as { title: string }[]).map((r) => r.title);
  const addLink = async (title: string) =>
    (await as(h, coach, 'POST', `${LIBRARY}/links`, { title, url: `https://example.org/${title}` })).json()
      .data;

  it('shares a link with a company: its clients see it, no other client does; unsharing hides it', async () => {
    const link = await addLink('company-guide');
    const companyId = (
      await h.db
        .selectFrom('users')
        .select('company_id')
        .where('id', '=', client.user.id)
        .executeTakeFirstOrThrow()
    ).company_id!;
    const shared = await as(h, coach, 'POST', `${LIBRARY}/${link.id}/shares`, {
      audience: 'company',
      target_id: companyId,
    });
    expect(shared.statusCode).toBe(200);
    expect(await titles(client)).toContain('company-guide');
    expect(await titles(basic)).toContain('company-guide');
    expect(await titles(client2)).not.toContain('company-guide');
    const share = shared.json().data.shares[0];
    expect(share).toMatchObject({ audience: 'company', target_id: companyId });
    await as(h, coach, 'POST', `${LIBRARY}/${link.id}/shares/${share.id}/delete`);
    expect(await titles(client)).not.toContain('company-guide');
  });

  it('shares with one client, a group, or all the coach’s clients', async () => {
    const one = await addLink('for-client');
    await as(h, coach, 'POST', `${LIBRARY}/${one.id}/shares`, {
      audience: 'client',
      target_id: basic.user.id,
    });
    const group = await addLink('for-group');
    await as(h, coach, 'POST', `${LIBRARY}/${group.id}/shares`, { audience: 'group', target_id: groupId });
    const all = await addLink('for-all');
    await as(h, coach, 'POST', `${LIBRARY}/${all.id}/shares`, { audience: 'all' });
    expect(await titles(basic)).toEqual(expect.arrayContaining(['for-client', 'for-all']));
    expect(await titles(basic)).not.toContain('for-group');
    expect(await titles(client)).toEqual(expect.arrayContaining(['for-group', 'for-all']));
    expect(await titles(client)).not.toContain('for-client');
    expect(await titles(client2)).not.toEqual(expect.arrayContaining(['for-all']));
  });

  it('keeps a file privately with its sniffed type; a shared client downloads it, others get a 404', async () => {
    const res = await sendFiles(
      h,
      coach,
      { description: 'Price list', files: { name: 'prices.pdf', bytes: pdf(2000) } },
      `${LIBRARY}/files`,
    );
    expect(res.statusCode).toBe(201);
    const file = res.json().data;
    expect(file).toMatchObject({
      kind: 'file',
      title: 'Price list',
      file: { name: 'prices.pdf', type: 'application/pdf' },
    });
    await as(h, coach, 'POST', `${LIBRARY}/${file.id}/shares`, {
      audience: 'client',
      target_id: client.user.id,
    });
    const download = await as(h, client, 'GET', `${SHARED}/${file.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await as(h, basic, 'GET', `${SHARED}/${file.id}/file`)).statusCode).toBe(404);
    const fake = await sendFiles(
      h,
      coach,
      { files: { name: 'run.pdf', bytes: Buffer.from('MZ\x90\x00 not a pdf') } },
      `${LIBRARY}/files`,
    );
    expect(fake.statusCode).toBe(422);

    expect((await as(h, coach, 'POST', `${LIBRARY}/${file.id}/delete`)).statusCode).toBe(200);
    expect((await as(h, client, 'GET', `${SHARED}/${file.id}/file`)).statusCode).toBe(404);
    expect(await titles(client)).not.toContain('Price list');
  });

  it("reaches only the coach's own resources and audiences", async () => {
    const link = await addLink('private-one');
    for (const other of [coach2, foreignCoach]) {
      expect(
        (await as(h, other, 'POST', `${LIBRARY}/${link.id}/shares`, { audience: 'all' })).statusCode,
      ).toBe(404);
      expect((await as(h, other, 'POST', `${LIBRARY}/${link.id}/delete`)).statusCode).toBe(404);
      expect(
        ((await as(h, other, 'GET', LIBRARY)).json().data.resources as { id: number }[]).map((r) => r.id),
      ).not.toContain(link.id);
    }
    // Coach@ may not share with coach2's client, coach2's clients' company or another coach's group.
    const theirCompany = (
      await h.db
        .selectFrom('users')
        .select('company_id')
        .where('id', '=', client2.user.id)
        .executeTakeFirstOrThrow()
    ).company_id!;
    expect(
      (
        await as(h, coach, 'POST', `${LIBRARY}/${link.id}/shares`, {
          audience: 'client',
          target_id: client2.user.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as(h, coach, 'POST', `${LIBRARY}/${link.id}/shares`, {
          audience: 'company',
          target_id: theirCompany,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await as(h, coach2, 'POST', `${LIBRARY}/links`, { title: 'x', url: 'https://x.example/' })).statusCode,
    ).toBe(201);
    expect((await as(h, client, 'GET', LIBRARY)).statusCode).toBe(403);
    expect((await as(h, coach, 'GET', SHARED)).statusCode).toBe(403);
    expect(await titles(client)).not.toContain('private-one');
  });
});

describe("a client's assessment, written by their coach", () => {
  const base = (clientId = basic.user.id) => `/api/v1/coach/clients/${clientId}`;

  it('creates an assessment with analysis figures, a focus area and its steps; the client reads them', async () => {
    const created = await as(h, coach, 'POST', `${base()}/assessments`, {
      title: 'Spring review',
      assessed_on: '2026-03-02',
    });
    expect(created.statusCode).toBe(201);
    const { assessment } = created.json().data;
    const withArea = await as(h, coach, 'POST', `${base()}/assessments/${assessment.id}/areas`, {
      name: 'Pricing',
      score: 4,
      current_amount: 1000,
      potential_amount: 2500,
      focus_rank: 1,
      goal: 'Raise prices on the second visit',
    });
    expect(withArea.statusCode).toBe(201);
    const area = withArea.json().data.areas[0];
    const planned = await as(h, coach, 'POST', `${base()}/areas/${area.id}/steps`, {
      title: 'Write the new price list',
      due_date: '2026-04-01',
      add_to_action_steps: true,
    });
    expect(planned.statusCode).toBe(201);
    expect(planned.json().data.areas[0].steps).toEqual([
      expect.objectContaining({ title: 'Write the new price list', on_board: true }),
    ]);
    const edited = await as(h, coach, 'POST', `${base()}/areas/${area.id}`, { current_amount: 1200 });
    expect(edited.json().data.areas[0].current_amount).toBe(1200);
    const refused = await as(h, coach, 'POST', `${base()}/areas/${area.id}`, {
      current_amount: 3000,
      potential_amount: 100,
    });
    expect(refused.statusCode).toBe(422);

    const analysis = (await as(h, basic, 'POST', `/api/v1/assessments/analysis/${assessment.id}`)).json()
      .data;
    expect(analysis.areas).toEqual([
      expect.objectContaining({ name: 'Pricing', current_amount: 1200, potential_amount: 2500, gap: 1300 }),
    ]);
    const plan = (
      await as(h, basic, 'POST', '/api/v1/coachingportal/implementation/show/', {
        assessment_id: assessment.id,
      })
    ).json().data;
    expect(JSON.stringify(plan)).toContain('Pricing');
  });

  it("reaches no other coach's client, and no assessment through the wrong client's page", async () => {
    const mine = (
      await as(h, coach, 'POST', `${base()}/assessments`, { title: 'Mine', assessed_on: '2026-03-02' })
    ).json().data.assessment;
    expect((await as(h, coach, 'GET', `${base(client.user.id)}/assessments/${mine.id}`)).statusCode).toBe(
      404,
    );
    for (const other of [coach2, foreignCoach]) {
      expect((await as(h, other, 'GET', `${base()}/assessments/${mine.id}`)).statusCode).toBe(404);
      expect(
        (await as(h, other, 'POST', `${base()}/assessments`, { title: 'x', assessed_on: '2026-03-02' }))
          .statusCode,
      ).toBe(404);
    }
    expect((await as(h, basic, 'GET', `${base()}/assessments/${mine.id}`)).statusCode).toBe(403);
  });
});

describe('at once', () => {
  it('opens a flash lesson and shares a resource once however many times they are sent together', async () => {
    const assessment = (
      await as(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}/flash-lessons`)
    ).json().data.assessments[0];
    const lesson = assessment.lessons.at(-1);
    const opens = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(h, coach, 'POST', `/api/v1/coach/clients/${client.user.id}/flash-lessons`, {
          assessment_id: assessment.id,
          lesson_id: lesson.id,
          open: true,
        }),
      ),
    );
    expect(opens.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const slug = (
      await h.db.selectFrom('lessons').select('slug').where('id', '=', lesson.id).executeTakeFirstOrThrow()
    ).slug;
    const records = await h.db
      .selectFrom('assessment_progress')
      .select(['access'])
      .where('assessment_id', '=', assessment.id)
      .where('path', '=', slug)
      .execute();
    expect(records).toEqual([{ access: 1 }]);

    const link = (
      await as(h, coach, 'POST', '/api/v1/coach/resources/links', {
        title: 'once',
        url: 'https://example.org/once',
      })
    ).json().data;
    const shares = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(h, coach, 'POST', `/api/v1/coach/resources/${link.id}/shares`, { audience: 'all' }),
      ),
    );
    expect(shares.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(shares.at(-1)!.json().data.shares).toHaveLength(1);
    const rows = await h.db
      .selectFrom('resource_shares')
      .select('id')
      .where('resource_id', '=', link.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
