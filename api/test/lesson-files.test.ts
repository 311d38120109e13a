// Files and videos a coach uploads to a lesson, on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh) with the seeded fixture tenants: only the lesson's own coach uploads, renames and
// deletes; the type is read from the bytes; a client downloads or plays a file only while the lesson's rule
// opens the lesson to them (a draft, a removed member, another tenant: the same 404); range requests answer 206
// with exactly the asked bytes, through the bearer download and a play ticket alike; a ticket plays for its own
// hour and no longer than the session that asked for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, startSignedIn } from './helpers/coach.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { gql, pdf, storedFiles } from './helpers/mailbox.js';
import type { Person } from './helpers/sign-in.js';
import { multipart } from './helpers/multipart.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client: Person;
let client2: Person;
let betaClient: Person;
beforeAll(async () => {
  [coach, coach2, client, client2, betaClient] = await startSignedIn(
    h,
    'coach',
    'coach2',
    'client',
    'client2',
    ['client', BETA],
  );
});
afterAll(() => h.stop());

/** The start of a WebM file (an EBML header naming the webm doc type), then filler: file-type reads it as one. */
const WEBM = Buffer.concat([
  Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810242858102', 'hex'),
  Buffer.from('18538067', 'hex'),
  Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251)),
]);
/** A Windows program: "MZ" and a PE header, whatever its name says. */
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);

function upload(who: Person, lessonId: number, field: 'file' | 'video', name: string, bytes: Buffer) {
  const { payload, contentType } = multipart({ [field]: { name, type: 'application/pdf', bytes } });
  const path = field === 'video' ? 'video' : 'files';
  return h.app.inject({
    method: 'POST',
    url: `/api/v1/coach/lessons/${lessonId}/${path}`,
    headers: {
      'x-tenant-id': String(who.user.tenantId),
      authorization: `Bearer ${who.token}`,
      'content-type': contentType,
    },
    payload,
  });
}

const get = (who: Person, url: string, range?: string) =>
  h.call('GET', url, { tenant: who.user.tenantId, token: who.token, headers: range ? { range } : {} });

/** A group open to client@ with a published lesson and a draft one, each with a PDF and a video uploaded. */
async function groupWithFiles() {
  const group = (await as(h, coach, 'POST', '/api/v1/coach/groups', { title: 'Files cohort' })).json().data;
  const lesson = async (title: string) =>
    (await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/lessons`, { title })).json().data
      .id as number;
  const published = await lesson('Week one');
  const draft = await lesson('Week two');
  expect(
    (await as(h, coach, 'POST', `/api/v1/coach/lessons/${published}`, { published: true })).statusCode,
  ).toBe(200);
  await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}`, { state: 'open' });
  const added = await as(h, coach, 'POST', `/api/v1/coach/groups/${group.id}/members`, {
    client_id: client.user.id,
  });
  const userGroupId = (added.json().data.members as { id: number; user_group_id: number }[]).find(
    (m) => m.id === client.user.id,
  )!.user_group_id;
  const files = async (lessonId: number) => {
    const file = await upload(coach, lessonId, 'file', 'Worksheet.pdf', pdf(3000));
    const video = await upload(coach, lessonId, 'video', 'talk.webm', WEBM);
    expect([file.statusCode, video.statusCode]).toEqual([201, 201]);
    return { file: file.json().data.id as number, video: video.json().data.id as number };
  };
  return {
    group,
    published,
    draft,
    userGroupId,
    ...(await files(published)),
    draftFiles: await files(draft),
  };
}

const LESSON = `query ($user_id: Int!, $lesson_id: Int!, $ug: Int) {
  userlesson(user_id: $user_id, lesson_id: $lesson_id, user_group_id: $ug) {
    files { id name size type } video_file { id name size type } } }`;

describe('the coach uploads files to a lesson', () => {
  it('stores a file and a video typed by their bytes, shows them on the lesson, renames and deletes them', async () => {
    const { published, file, video } = await groupWithFiles();
    const page = (await as(h, coach, 'GET', `/api/v1/coach/lessons/${published}`)).json().data;
    expect(page.files).toEqual([{ id: file, name: 'Worksheet.pdf', size: 3000, type: 'application/pdf' }]);
    expect(page.video_file).toEqual({ id: video, name: 'talk.webm', size: WEBM.length, type: 'video/webm' });
    const renamed = await as(h, coach, 'POST', `/api/v1/coach/lessons/${published}/files/${file}`, {
      name: 'Pricing sheet',
    });
    expect(renamed.json().data.name).toBe('Pricing sheet.pdf');
    const own = await get(coach, `/api/v1/coach/lessons/${published}/files/${file}`);
    expect(own.rawPayload.equals(pdf(3000))).toBe(true);

    const before = (await storedFiles(h)).length;
    const gone = await as(h, coach, 'POST', `/api/v1/coach/lessons/${published}/files/${file}/delete`);
    expect(gone.statusCode).toBe(200);
    expect((await storedFiles(h)).length).toBe(before - 1);
    expect((await as(h, coach, 'GET', `/api/v1/coach/lessons/${published}`)).json().data.files).toEqual([]);
  });

  it('deleting the lesson removes its uploads from storage too', async () => {
    const { draft } = await groupWithFiles();
    const before = (await storedFiles(h)).length;
    expect((await as(h, coach, 'POST', `/api/v1/coach/lessons/${draft}/delete`)).statusCode).toBe(200);
    expect((await storedFiles(h)).length).toBe(before - 2);
    expect(
      await h.db.selectFrom('lesson_files').select('id').where('lesson_id', '=', draft).execute(),
    ).toEqual([]);
  });

  it('a second video replaces the first, in the database and in storage', async () => {
    const { published, video } = await groupWithFiles();
    const before = (await storedFiles(h)).length;
    const again = await upload(coach, published, 'video', 'take two.webm', WEBM);
    expect(again.statusCode).toBe(201);
    const page = (await as(h, coach, 'GET', `/api/v1/coach/lessons/${published}`)).json().data;
    expect(page.video_file.name).toBe('take two.webm');
    expect(page.video_file.id).not.toBe(video);
    expect((await storedFiles(h)).length).toBe(before);
  });

  it('refuses a program renamed .pdf, an SVG, a PDF as the video, an empty file and one over 25 MB', async () => {
    const { published } = await groupWithFiles();
    const before = await storedFiles(h);
    const cases: [ReturnType<typeof upload>, string, string][] = [
      [upload(coach, published, 'file', 'report.pdf', EXE), 'file', 'This type of file is not accepted.'],
      [
        upload(
          coach,
          published,
          'file',
          'chart.png',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        ),
        'file',
        'SVG images are not accepted',
      ],
      [upload(coach, published, 'video', 'talk.webm', pdf(2000)), 'video', 'Send an MP4 or WebM video.'],
      [upload(coach, published, 'file', 'empty.pdf', Buffer.alloc(0)), 'file', 'The file is empty.'],
      [
        upload(coach, published, 'file', 'big.pdf', pdf(26 * 1024 * 1024)),
        'file',
        'A file must be at most 25 MB.',
      ],
    ];
    for (const [answer, field, reason] of cases) {
      const res = await answer;
      expect(res.statusCode).toBe(422);
      expect(res.json().error[field][0]).toContain(reason);
    }
    expect(await storedFiles(h)).toEqual(before);
  });

  it("another coach's upload, rename, delete and download of the lesson's files are 404 and change nothing", async () => {
    const { published, file } = await groupWithFiles();
    expect((await upload(coach2, published, 'file', 'x.pdf', pdf(100))).statusCode).toBe(404);
    const url = `/api/v1/coach/lessons/${published}/files/${file}`;
    expect((await as(h, coach2, 'POST', url, { name: 'Mine' })).statusCode).toBe(404);
    expect((await as(h, coach2, 'POST', `${url}/delete`)).statusCode).toBe(404);
    const refused = await get(coach2, url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Lesson not found.' });
    expect((await upload(client, published, 'file', 'x.pdf', pdf(100))).statusCode).toBe(403);
    expect((await as(h, coach, 'GET', `/api/v1/coach/lessons/${published}`)).json().data.files).toHaveLength(
      1,
    );
  });
  it("the coach's own lesson in the address does not reach a file of another lesson: 404, nothing changed", async () => {
    const { published } = await groupWithFiles();
    const other = (await as(h, coach2, 'POST', '/api/v1/coach/groups', { title: 'Not yours' })).json().data;
    const theirLesson = (
      await as(h, coach2, 'POST', `/api/v1/coach/groups/${other.id}/lessons`, { title: 'Theirs' })
    ).json().data.id as number;
    const theirs = (await upload(coach2, theirLesson, 'file', 'Private.pdf', pdf(500))).json().data
      .id as number;
    const url = `/api/v1/coach/lessons/${published}/files/${theirs}`;
    for (const res of [
      await as(h, coach, 'POST', url, { name: 'Mine' }),
      await get(coach, url),
      await as(h, coach, 'POST', `${url}/delete`),
      await as(h, coach, 'POST', `/api/v1/coach/lessons/${published}/files/999999/delete`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'File not found.' });
    }
    const kept = (await as(h, coach2, 'GET', `/api/v1/coach/lessons/${theirLesson}`)).json().data.files;
    expect(kept).toEqual([{ id: theirs, name: 'Private.pdf', size: 500, type: 'application/pdf' }]);
  });

  it('a rename keeps the extension in any case, is trimmed, refuses a slash; a name without one stays', async () => {
    const { published } = await groupWithFiles();
    const rename = (fileId: number, name: string) =>
      as(h, coach, 'POST', `/api/v1/coach/lessons/${published}/files/${fileId}`, { name });
    const dotted = (await upload(coach, published, 'file', 'report.v2.pdf', pdf(200))).json().data.id;
    expect((await rename(dotted, '  Final  ')).json().data.name).toBe('Final.pdf');
    expect((await rename(dotted, 'Final.PDF')).json().data.name).toBe('Final.PDF');
    expect((await rename(dotted, 'final.pdf')).json().data.name).toBe('final.pdf');
    for (const name of ['a/b', 'a\\b']) {
      const refused = await rename(dotted, name);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.name).toEqual(['A name cannot contain / or \\.']);
    }
    const bare = (await upload(coach, published, 'file', 'notes', pdf(200))).json().data.id;
    const plain = await rename(bare, 'Plan');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.name).toBe('Plan');
  });
});

describe('a client gets the files of a lesson open to them', () => {
  it('a member downloads the file with its bytes and sees it in the lesson; a draft lesson’s file is 404', async () => {
    const { published, userGroupId, file, video, draftFiles } = await groupWithFiles();
    const lesson = await gql(h, client, LESSON, {
      user_id: client.user.id,
      lesson_id: published,
      ug: userGroupId,
    });
    expect(lesson.data?.userlesson).toEqual({
      files: [{ id: file, name: 'Worksheet.pdf', size: 3000, type: 'application/pdf' }],
      video_file: { id: video, name: 'talk.webm', size: WEBM.length, type: 'video/webm' },
    });
    const res = await get(client, `/api/v1/lesson-files/${file}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf(3000))).toBe(true);
    expect(res.headers['content-disposition']).toContain('filename="Worksheet.pdf"');
    expect(res.headers['accept-ranges']).toBe('bytes');
    for (const id of [draftFiles.file, draftFiles.video]) {
      const refused = await get(client, `/api/v1/lesson-files/${id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'File not found.' });
      expect((await as(h, client, 'POST', `/api/v1/lesson-files/${id}/ticket`)).statusCode).toBe(404);
    }
  });

  it('answers a range with 206 and exactly those bytes, an open range to the end, a suffix, and 416 past the end', async () => {
    const { video } = await groupWithFiles();
    const url = `/api/v1/lesson-files/${video}`;
    const part = await get(client, url, 'bytes=100-1099');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${WEBM.length}`);
    expect(part.rawPayload.equals(WEBM.subarray(100, 1100))).toBe(true);
    const rest = await get(client, url, 'bytes=4000-');
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(WEBM.subarray(4000))).toBe(true);
    const tail = await get(client, url, 'bytes=-10');
    expect(tail.rawPayload.equals(WEBM.subarray(WEBM.length - 10))).toBe(true);
    const past = await get(client, url, `bytes=${WEBM.length}-`);
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${WEBM.length}`);
  });

  it('plays the video from a ticket with ranges, without a token; a removed member loses it at once', async () => {
    const { group, video } = await groupWithFiles();
    const ticket = await as(h, client, 'POST', `/api/v1/lesson-files/${video}/ticket`);
    expect(ticket.statusCode).toBe(200);
    const { url } = ticket.json().data as { url: string };
    const played = await h.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(played.statusCode).toBe(206);
    expect(played.rawPayload.equals(WEBM.subarray(0, 100))).toBe(true);
    expect(played.headers['content-type']).toBe('video/webm');

    const removed = await as(
      h,
      coach,
      'POST',
      `/api/v1/coach/groups/${group.id}/members/${client.user.id}/remove`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await get(client, `/api/v1/lesson-files/${video}`)).statusCode).toBe(404);
  });

  it('a ticket ends with its session and cannot be made up', async () => {
    const { video } = await groupWithFiles();
    // A second session of the member (past the one-a-minute gap of sign-in mails), to sign out of.
    h.clock.advance(61_000);
    const member = await signIn(h, { demo: 'client' });
    const { url } = (await as(h, member, 'POST', `/api/v1/lesson-files/${video}/ticket`)).json().data;
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await h.call('GET', '/api/auth/logout', { tenant: member.user.tenantId, token: member.token });
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const madeUp = `/api/v1/lesson-files/play/${'A'.repeat(43)}`;
    expect((await h.app.inject({ method: 'GET', url: madeUp })).statusCode).toBe(404);
  });

  it('a client outside the group and a client of another tenant get 404 for the same ids', async () => {
    const { file, video } = await groupWithFiles();
    for (const who of [client2, betaClient])
      for (const id of [file, video]) {
        const res = await get(who, `/api/v1/lesson-files/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'File not found.' });
        expect((await as(h, who, 'POST', `/api/v1/lesson-files/${id}/ticket`)).statusCode).toBe(404);
      }
    expect((await get(coach, `/api/v1/lesson-files/${file}`)).statusCode).toBe(403);
  });

  it("a file of a published academy lesson downloads for a client of the academy; a draft's does not", async () => {
    const modules = await as(h, coach, 'POST', '/api/v1/coach/academy/modules', { title: 'Files module' });
    const module = modules.json().data.find((m: { title: string }) => m.title === 'Files module');
    const lesson = (
      await as(h, coach, 'POST', `/api/v1/coach/academy/modules/${module.id}/lessons`, { title: 'Read this' })
    ).json().data.id as number;
    const file = (await upload(coach, lesson, 'file', 'Guide.pdf', pdf(800))).json().data.id as number;
    expect((await get(client, `/api/v1/lesson-files/${file}`)).statusCode).toBe(404);
    await as(h, coach, 'POST', `/api/v1/coach/lessons/${lesson}`, { published: true });
    const res = await get(client, `/api/v1/lesson-files/${file}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf(800))).toBe(true);
  });

  it("the seed's worksheet on the first lesson of the first group downloads for its member, once per tenant", async () => {
    const seeded = await h.db
      .selectFrom('lesson_files')
      .select(['id', 'tenant_id'])
      .where('name', '=', 'Lesson worksheet.pdf')
      .orderBy('tenant_id')
      .execute();
    expect(seeded.map((r) => r.tenant_id)).toEqual([ALPHA, BETA].sort((a, b) => a - b));
    const own = seeded.find((r) => r.tenant_id === client.user.tenantId)!;
    const res = await get(client, `/api/v1/lesson-files/${own.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

// Last in the file: these move the clock by hours, past the other tests' sessions.
describe("a play ticket's own hour and its session's end", () => {
  const minute = 60_000;
  const plays = async (url: string) => (await h.app.inject({ method: 'GET', url })).statusCode;
  /** A use of the session: a download of the lesson's file keeps it from going idle. */
  const touch = async (who: Person, file: number) =>
    expect((await get(who, `/api/v1/lesson-files/${file}`)).statusCode).toBe(200);

  it('a ticket plays for its hour and not a moment after, while its session lives on', async () => {
    const { file, video } = await groupWithFiles();
    const ticket = (await as(h, client, 'POST', `/api/v1/lesson-files/${video}/ticket`)).json().data;
    const asked = h.clock.now().getTime();
    expect(new Date(ticket.expires_at).getTime()).toBe(asked + 60 * minute);
    h.clock.advance(40 * minute);
    await touch(client, file);
    h.clock.advance(19 * minute + 59_000);
    expect(await plays(ticket.url)).toBe(200);
    h.clock.advance(1000);
    expect(await plays(ticket.url)).toBe(404);
    // The session is alive: a new ticket plays.
    await touch(client, file);
    const fresh = (await as(h, client, 'POST', `/api/v1/lesson-files/${video}/ticket`)).json().data;
    expect(await plays(fresh.url)).toBe(200);
  });

  it('a ticket dies with the session that asked for it, though its hour is not over', async () => {
    // A fresh session of each, and a fresh group: the hours below would outlast the older ones.
    coach = await signIn(h, { demo: 'coach' });
    h.clock.advance(61_000);
    client = await signIn(h, { demo: 'client' });
    const { file, video } = await groupWithFiles();
    // Kept in use for 11.5 hours: a session ends 12 hours after its sign-in whatever happens.
    for (let i = 0; i < 23; i++) {
      h.clock.advance(30 * minute);
      await touch(client, file);
    }
    const ticket = (await as(h, client, 'POST', `/api/v1/lesson-files/${video}/ticket`)).json().data;
    h.clock.advance(29 * minute);
    expect(await plays(ticket.url)).toBe(200);
    h.clock.advance(2 * minute);
    // The session has ended (12 hours), the ticket's hour has 29 minutes to go.
    expect(Date.parse(ticket.expires_at)).toBeGreaterThan(h.clock.now().getTime());
    expect((await get(client, `/api/v1/lesson-files/${file}`)).statusCode).toBe(401);
    expect(await plays(ticket.url)).toBe(404);
  });
});
