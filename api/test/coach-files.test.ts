// Files between a coach and a client through the API on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh), with the seeded fixture tenants. A coach sends files to an assigned client's
// company, which the client and colleagues list and download on /resources, or to the client alone, which no
// colleague lists or downloads, and downloads what the client sent;
// another coach's client, another tenant's, or a file of another company is a 404 that changes nothing, and a
// client is refused. The uploads take the company files' type sniffing, size and count limits.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { as, startSignedIn } from './helpers/coach.js';
import { companyOf, downloadFile, listFiles, sendFiles } from './helpers/company-files.js';
import { BETA, Harness } from './helpers/harness.js';
import { readMails, waitForMail } from './helpers/mail.js';
import { PNG, pdf, refusedFiles, storedFiles } from './helpers/mailbox.js';
import type { Person } from './helpers/sign-in.js';
import { createTestDb } from './helpers/test-db.js';
import { demoUser, signIn } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client: Person;
let basic: Person;
let foreignCoach: Person;
beforeAll(async () => {
  [coach, coach2, client, basic, foreignCoach] = await startSignedIn(
    h,
    'coach',
    'coach2',
    'client',
    'basic',
    ['coach', BETA],
  );
});
afterAll(() => h.stop());

const filesUrl = (clientId: number) => `/api/v1/coach/clients/${clientId}/files`;
const send = (who: Person, clientId: number, fields: Parameters<typeof sendFiles>[2]) =>
  sendFiles(h, who, fields, filesUrl(clientId));
const fetchFile = (who: Person, clientId: number, itemId: number) =>
  as(h, who, 'GET', `${filesUrl(clientId)}/${itemId}`);

/** Everything a sending could change: the rows, the stored files, the mail written. */
const state = async () => ({
  rows: await h.db.selectFrom('company_files').selectAll().orderBy('id').execute(),
  items: await h.db.selectFrom('company_file_items').selectAll().orderBy('id').execute(),
  stored: (await storedFiles(h)).sort(),
  mails: (await readMails(h.mailDir)).length,
});

describe("a coach's files with a client", () => {
  it("sends files to the client's company: the client and a colleague list and download them, the client is mailed", async () => {
    const mailsBefore = (await readMails(h.mailDir)).filter((m) => m.to === client.user.email).length;
    const res = await send(coach, client.user.id, {
      description: 'The pricing worksheet for Thursday.',
      files: [
        { name: 'Pricing worksheet.pdf', bytes: pdf(4000) },
        { name: 'chart.png', bytes: PNG },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().data;
    const companyId = await companyOf(h, client);
    expect(sent).toMatchObject({
      company_id: companyId,
      description: 'The pricing worksheet for Thursday.',
      from_coach: true,
      editable: true,
      sender: { id: coach.user.id },
      files: [
        { name: 'Pricing worksheet.pdf', size: 4000, type: 'application/pdf' },
        { name: 'chart.png', size: PNG.length, type: 'image/png' },
      ],
    });

    for (const who of [client, basic]) {
      const list = await listFiles(h, who, companyId);
      expect(list.json().data[0]).toMatchObject({ id: sent.id, from_coach: true, editable: false });
      const file = await downloadFile(h, who, companyId, sent.files[1].id);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
    }

    const mail = await waitForMail(h.mailDir, client.user.email, mailsBefore + 1);
    expect(mail.subject).toMatch(/sent you 2 files$/);
    expect(mail.text).toContain('- Pricing worksheet.pdf');
    expect(mail.text).toContain('/resources');

    const page = await as(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}`);
    expect(page.json().data.files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: sent.files[0].id,
          from_coach: true,
          sender: expect.objectContaining({ id: coach.user.id }),
        }),
      ]),
    );
  });

  it('downloads a file the client sent, with the private download headers', async () => {
    const page = await as(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}`);
    const fromClient = page
      .json()
      .data.files.find((f: { sender: { id: number } }) => f.sender.id === client.user.id);
    expect(fromClient).toBeDefined();
    const item = await h.db
      .selectFrom('company_file_items')
      .select('object_key')
      .where('id', '=', fromClient.id)
      .executeTakeFirstOrThrow();
    const res = await fetchFile(coach, client.user.id, fromClient.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals((await h.storage.get(item.object_key))!)).toBe(true);
    expect(res.headers['content-type']).toContain(fromClient.type.split(';')[0]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toContain('attachment;');
  });

  it("is a 404 for another coach's client, another tenant's, or a file of another client's company; nothing changes", async () => {
    const client2 = await demoUser(h, 'client2');
    const foreignClient = await demoUser(h, 'client', BETA);
    const page = await as(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}`);
    const clientFile = page.json().data.files[0].id as number;
    const page2 = await as(h, coach2, 'GET', `/api/v1/coach/clients/${client2.id}`);
    const client2File = page2.json().data.files[0]?.id as number;
    expect(client2File).toBeGreaterThan(0);
    const before = await state();
    const file = { description: 'x', files: [{ name: 'a.pdf', bytes: pdf(100) }] };
    for (const [who, clientId] of [
      [coach2, client.user.id],
      [coach, client2.id],
      [coach, foreignClient.id],
      [foreignCoach, client.user.id],
      [coach, 2_000_000_000],
    ] as const) {
      const res = await send(who, clientId, file);
      expect(res.statusCode, `${who.user.email} → ${clientId}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Client not found.' });
      expect((await fetchFile(who, clientId, clientFile)).statusCode).toBe(404);
    }
    // The coach's own client, with a file of coach2's client's company: not that client's, so not found.
    const other = await fetchFile(coach, client.user.id, client2File);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'File not found.' });
    expect((await fetchFile(coach2, client2.id, clientFile)).statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('refuses a client both doors with 403, and changes nothing', async () => {
    const page = await as(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}`);
    const before = await state();
    const res = await send(client, client.user.id, { files: [{ name: 'a.pdf', bytes: pdf(100) }] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This is not available to your account.' });
    expect((await fetchFile(client, client.user.id, page.json().data.files[0].id)).statusCode).toBe(403);
    expect(await state()).toEqual(before);
  });

  it('takes the type sniffing, size and count limits of every upload; a refused sending keeps nothing', async () => {
    const before = await state();
    for (const [name, bytes, message] of refusedFiles()) {
      const res = await send(coach, client.user.id, {
        files: [
          { name: 'ok.png', bytes: PNG },
          { name, bytes, type: 'image/jpeg' },
        ],
      });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().error.files[0], name).toContain(message);
    }
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.png`, bytes: PNG }));
    const tooMany = await send(coach, client.user.id, { files: eleven });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.files).toEqual(['Send at most 10 files at a time.']);
    const named = await send(coach, client.user.id, {
      company_id: '1',
      files: [{ name: 'a.png', bytes: PNG }],
    });
    expect(named.statusCode).toBe(422);
    expect(named.json().error.company_id).toEqual(['This field is not allowed.']);
    expect(await state()).toEqual(before);
  });

  it('sends a file to the client alone: the client lists and downloads it, a colleague neither, and nothing else changes', async () => {
    const companyId = await companyOf(h, client);
    const pageOf = async (who: Person, clientId: number) =>
      (await as(h, who, 'GET', `/api/v1/coach/clients/${clientId}`)).json().data.files as {
        id: number;
        to: string;
      }[];
    const colleagueBefore = (await listFiles(h, basic, companyId)).json().data;
    const colleaguePageBefore = await pageOf(coach, basic.user.id);
    const mailsBefore = (await readMails(h.mailDir)).filter((m) => m.to === client.user.email).length;

    const res = await send(coach, client.user.id, {
      to: 'client',
      description: 'Your own review, for your eyes only.',
      files: [{ name: 'Review.pdf', bytes: pdf(2000) }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().data;
    expect(sent).toMatchObject({ company_id: companyId, to: 'client', from_coach: true });
    const row = await h.db
      .selectFrom('company_files')
      .select('recipient_id')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(row.recipient_id).toBe(client.user.id);

    const mine = await listFiles(h, client, companyId);
    expect(mine.json().data[0]).toMatchObject({ id: sent.id, to: 'client', editable: false });
    const file = await downloadFile(h, client, companyId, sent.files[0].id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf(2000))).toBe(true);
    await waitForMail(h.mailDir, client.user.email, mailsBefore + 1);

    // The colleague (the same company, the same coach) lists exactly what they did before and cannot fetch it.
    expect((await listFiles(h, basic, companyId)).json().data).toEqual(colleagueBefore);
    const theirs = await downloadFile(h, basic, companyId, sent.files[0].id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'File not found.' });

    // The coach sees it on the client's page, not on the colleague's, and only through the client downloads it.
    expect(await pageOf(coach, client.user.id)).toContainEqual(
      expect.objectContaining({ id: sent.files[0].id, to: 'client' }),
    );
    expect(await pageOf(coach, basic.user.id)).toEqual(colleaguePageBefore);
    expect((await fetchFile(coach, client.user.id, sent.files[0].id)).statusCode).toBe(200);
    expect((await fetchFile(coach, basic.user.id, sent.files[0].id)).statusCode).toBe(404);
    // Another coach whose client were of the same company would not reach it either.
    expect((await fetchFile(coach2, client.user.id, sent.files[0].id)).statusCode).toBe(404);
  });

  it('refuses a `to` other than client or company, and keeps nothing', async () => {
    const before = await state();
    const res = await send(coach, client.user.id, { to: 'everyone', files: [{ name: 'a.png', bytes: PNG }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.to).toEqual(['Send client or company.']);
    expect(await state()).toEqual(before);
  });

  it("names a colleague's file on the coach's page as the colleague's, not a coach's", async () => {
    const companyId = await companyOf(h, client);
    const res = await sendFiles(h, basic, {
      company_id: String(companyId),
      files: [{ name: 'Colleague notes.pdf', bytes: pdf(598) }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const page = await as(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}`);
    expect(page.json().data.files).toContainEqual(
      expect.objectContaining({
        id: res.json().data.files[0].id,
        from_coach: false,
        size: 598,
        sender: { id: basic.user.id, first_name: expect.any(String), last_name: expect.any(String) },
      }),
    );
  });
});

describe('files for a client with no company (coached on their own)', () => {
  let loner: Person;
  let other: Person;
  /** A new client of the coach's, in no company. */
  const individual = async () => {
    const user = await h.createUser({ tenant_id: client.user.tenantId, company_id: null });
    const coachRow = await h.db
      .selectFrom('coaches')
      .select('id')
      .where('user_id', '=', coach.user.id)
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('coach_clients')
      .values({ tenant_id: user.tenantId, coach_id: coachRow.id, client_id: user.id, since: h.clock.now() })
      .execute();
    return { user, token: (await signIn(h, { user })).token };
  };
  beforeAll(async () => {
    loner = await individual();
    other = await individual();
  });
  const own = (who: Person) => as(h, who, 'GET', '/api/v1/me/files');
  const ownFile = (who: Person, itemId: number) => as(h, who, 'GET', `/api/v1/me/files/${itemId}`);

  it('sends them files of their own: they list and download them, nobody else does; the client is mailed', async () => {
    expect((await own(loner)).json()).toEqual({ data: [] });
    const mailsBefore = (await readMails(h.mailDir)).filter((m) => m.to === loner.user.email).length;
    const res = await send(coach, loner.user.id, {
      description: 'Your plan for the month.',
      files: [{ name: 'Plan.pdf', bytes: pdf(1500) }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().data;
    expect(sent).toMatchObject({ company_id: null, to: 'client', from_coach: true, editable: true });

    const listed = await own(loner);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        id: sent.id,
        company_id: null,
        to: 'client',
        from_coach: true,
        editable: false,
      }),
    ]);
    const file = await ownFile(loner, sent.files[0].id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf(1500))).toBe(true);
    expect(file.headers['content-disposition']).toContain('attachment;');
    await waitForMail(h.mailDir, loner.user.email, mailsBefore + 1);

    // Another client on their own, a client of a company, another coach: nothing listed, a 404 to fetch.
    for (const who of [other, client]) {
      expect((await own(who)).json().data.map((f: { id: number }) => f.id)).not.toContain(sent.id);
      expect((await ownFile(who, sent.files[0].id)).statusCode).toBe(404);
    }
    expect((await fetchFile(coach2, loner.user.id, sent.files[0].id)).statusCode).toBe(404);
    // The coach sees it on the client's page and downloads it there.
    const page = await as(h, coach, 'GET', `/api/v1/coach/clients/${loner.user.id}`);
    expect(page.json().data.files).toEqual([
      expect.objectContaining({ id: sent.files[0].id, to: 'client', from_coach: true }),
    ]);
    expect((await fetchFile(coach, loner.user.id, sent.files[0].id)).statusCode).toBe(200);
    expect((await fetchFile(coach, other.user.id, sent.files[0].id)).statusCode).toBe(404);
  });

  it('refuses `to: company` for them with a 422 on `to`, and keeps nothing', async () => {
    const before = await state();
    const res = await send(coach, loner.user.id, { to: 'company', files: [{ name: 'a.png', bytes: PNG }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.to).toEqual(['This client has no company: send the files to the client alone.']);
    expect(await state()).toEqual(before);
  });

  it('lists, for a client of a company, the files sent to them alone', async () => {
    const companyId = await companyOf(h, client);
    const res = await send(coach, client.user.id, {
      to: 'client',
      files: [{ name: 'Mine.pdf', bytes: pdf(10) }],
    });
    expect(res.statusCode).toBe(201);
    const mine = (await own(client)).json().data as { id: number; company_id: number; to: string }[];
    expect(mine.map((f) => f.id)).toContain(res.json().data.id);
    expect(mine.every((f) => f.to === 'client' && f.company_id === companyId)).toBe(true);
    expect((await own(basic)).json().data.map((f: { id: number }) => f.id)).not.toContain(res.json().data.id);
  });

  it("reaches the tenant's integration as a file of no company (the API key's files list)", async () => {
    const admin = await signIn(h, { demo: 'admin' });
    const made = await as(h, admin, 'POST', '/api/v1/admin/api-keys', { name: 'CRM', scope: 'read' });
    expect(made.statusCode, made.body).toBe(201);
    const res = await h.app.inject({
      method: 'GET',
      url: '/integration/v1/files?limit=200',
      headers: { authorization: `Bearer ${made.json().data.key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toContainEqual(
      expect.objectContaining({ company_id: null, recipient_email: loner.user.email }),
    );
  });

  it('refuses a coach the client’s own list (403)', async () => {
    expect((await own(coach)).statusCode).toBe(403);
  });
});

describe('the migration of a file for one client', () => {
  it('adds recipient_id to company_files and takes it away again', async () => {
    const t = await createTestDb();
    const columns = async () =>
      (
        await sql<{ column_name: string }>`select column_name from information_schema.columns
          where table_schema = 'public' and table_name = 'company_files'`.execute(t.db)
      ).rows.map((r) => r.column_name);
    try {
      expect(await columns()).toContain('recipient_id');
      // Later migrations go down first; this one is among them.
      expect(await migrateTo(t.db, '0950-request-status')).toContain(
        'Down 0960-company-file-recipient: Success',
      );
      expect(await columns()).not.toContain('recipient_id');
      expect(await columns()).toContain('company_id');
      expect(await migrateToLatest(t.db)).toContain('Up 0960-company-file-recipient: Success');
      expect(await columns()).toContain('recipient_id');
    } finally {
      await t.destroy();
    }
  });
});
