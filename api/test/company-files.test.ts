// Company files (/resources): a client lists their company's files, sends new ones to the coach (multipart,
// 201), renames and describes, deletes and downloads what they sent. Another company's or tenant's ids are
// refused (403/404) and change nothing; uploads take the mail attachments' type checks and limits.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCoach } from './helpers/client-work.js';
import { BETA, Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import { PNG, pdf, refusedFiles, storedFiles } from './helpers/mailbox.js';
import {
  company,
  deleteFile,
  downloadFile,
  listFiles,
  sendFiles,
  updateFile,
} from './helpers/company-files.js';
import type { Member } from './helpers/company-files.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const rows = () => h.db.selectFrom('company_files').selectAll().orderBy('id').execute();
const items = () => h.db.selectFrom('company_file_items').selectAll().orderBy('id').execute();

interface Sent {
  id: number;
  company_id: number;
  description: string;
  files: { id: number; name: string; size: number; type: string; created_at: string }[];
  editable: boolean;
  from_coach: boolean;
  sender: { id: number; first_name: string; last_name: string };
}

async function sent(as: Member, description = 'Our plan', files = [{ name: 'plan.pdf', bytes: pdf(2000) }]) {
  const res = await sendFiles(h, as, { company_id: String(as.companyId), description, files });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Sent;
}

describe('the happy path', () => {
  it('sends files with a description (201), lists them, downloads, renames, describes and deletes', async () => {
    const [me] = await company(h);
    const res = await sendFiles(h, me!, {
      company_id: String(me!.companyId),
      description: 'Cash flow\nand the storefront',
      files: [
        { name: 'Cash flow.pdf', bytes: pdf(3000) },
        { name: 'shop.png', bytes: PNG },
      ],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data as Sent;
    expect(created).toMatchObject({
      company_id: me!.companyId,
      description: 'Cash flow\nand the storefront',
      editable: true,
      from_coach: false,
      sender: { id: me!.user.id },
      files: [
        { name: 'Cash flow.pdf', size: 3000, type: 'application/pdf' },
        { name: 'shop.png', size: PNG.length, type: 'image/png' },
      ],
    });
    const keys = (await items()).filter((i) => i.company_file_id === created.id).map((i) => i.object_key);
    expect(keys.every((k) => /^files\/[0-9a-f]{32}$/.test(k))).toBe(true);
    expect(await storedFiles(h)).toEqual(expect.arrayContaining(keys));

    const list = await listFiles(h, me!, me!.companyId);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([created]);

    const file = await downloadFile(h, me!, me!.companyId, created.files[1]!.id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="shop.png"; filename*=UTF-8''shop.png`,
    );

    const renamed = await updateFile(h, me!, {
      company_id: me!.companyId,
      id: created.id,
      description: 'Updated',
      files: [{ id: created.files[0]!.id, name: 'Cash flow – Q1 "final"' }],
    });
    expect(renamed.statusCode).toBe(200);
    const after = renamed.json().data as Sent;
    expect(after.description).toBe('Updated');
    // The extension stays: the new name had none.
    expect(after.files.map((f) => f.name)).toEqual(['Cash flow – Q1 "final".pdf', 'shop.png']);
    const again = await downloadFile(h, me!, me!.companyId, created.files[0]!.id);
    expect(again.headers['content-disposition']).toBe(
      `attachment; filename="Cash flow _ Q1 _final_.pdf"; filename*=UTF-8''${encodeURIComponent('Cash flow – Q1 "final".pdf')}`,
    );

    const gone = await deleteFile(h, me!, { company_id: me!.companyId, id: created.id });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ data: { id: created.id, deleted: true } });
    expect((await listFiles(h, me!, me!.companyId)).json().data).toEqual([]);
    expect(await storedFiles(h)).not.toEqual(expect.arrayContaining([keys[0]]));
    expect((await downloadFile(h, me!, me!.companyId, created.files[0]!.id)).statusCode).toBe(404);
  });

  it('takes a description alone or files alone; the description only when it is not blank', async () => {
    const [me] = await company(h);
    const noteOnly = await sendFiles(h, me!, { company_id: String(me!.companyId), description: 'Call me' });
    expect(noteOnly.statusCode).toBe(201);
    expect(noteOnly.json().data.files).toEqual([]);
    const filesOnly = await sendFiles(h, me!, {
      company_id: String(me!.companyId),
      'files[]': { name: 'a.txt', bytes: Buffer.from('plain text') },
    });
    expect(filesOnly.statusCode).toBe(201);
    expect(filesOnly.json().data).toMatchObject({
      description: '',
      files: [{ name: 'a.txt', type: 'text/plain; charset=utf-8' }],
    });
  });

  it('lists a colleague’s files as not editable, newest first', async () => {
    const [me, colleague] = await company(h, undefined, 2);
    const mine = await sent(me!, 'mine');
    const theirs = await sent(colleague!, 'theirs');
    const list = (await listFiles(h, me!, me!.companyId)).json().data as Sent[];
    expect(list.map((f) => [f.id, f.editable])).toEqual([
      [theirs.id, false],
      [mine.id, true],
    ]);
    // Each entry names its sender, so a colleague's upload says whose it is.
    const names = await h.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', [me!.user.id, colleague!.user.id])
      .execute();
    const named = (id: number) => names.find((n) => n.id === id);
    expect(list.map((f) => f.sender)).toEqual([named(colleague!.user.id), named(me!.user.id)]);
  });
});

describe('the coach’s notice', () => {
  it('mails the client’s coach the names and the description, in plain text; no coach, no mail', async () => {
    const [me] = await company(h);
    const coach = await h.createUser({ role_id: 2, first_name: 'Cora', last_name: 'Coach' });
    await makeCoach(h, coach.id, me!.user.id);
    const sent = await sendFiles(h, me!, {
      company_id: String(me!.companyId),
      description: 'Numbers for <b>Tuesday</b>',
      files: [
        { name: 'plan.pdf', bytes: pdf(2000) },
        { name: 'Evil\r\nBcc: victim@evil.example.png', bytes: PNG },
      ],
    });
    expect(sent.statusCode).toBe(201);
    const mail = await waitForMail(h.mailDir, coach.email);
    expect(mail.subject).toMatch(/^Test User \d+ sent you 2 files$/);
    expect(mail.text).toContain('- plan.pdf\n- EvilBcc: victim@evil.example.png');
    expect(mail.text).toContain('Numbers for <b>Tuesday</b>');
    expect(mail.text).toContain('https://portal.alpha-coaching.example/resources');
    const head = (await readFile(join(h.mailDir, mail.file), 'utf8')).split(/\r?\n\r?\n/)[0]!;
    expect(head).not.toMatch(/^Bcc:/im);
    // A client without a coach sends all the same; nobody is mailed.
    const [alone] = await company(h);
    expect(
      (await sendFiles(h, alone!, { company_id: String(alone!.companyId), description: 'x' })).statusCode,
    ).toBe(201);
    expect(await mailsTo(h.mailDir, coach.email)).toHaveLength(1);
  });
});

describe('validation (422)', () => {
  it('refuses a missing or malformed company_id, unknown fields, control characters and an empty sending', async () => {
    const [me] = await company(h);
    const before = await rows();
    const cases: [Record<string, string | { name: string; bytes: Buffer }>, string, string][] = [
      [{ description: 'x' }, 'company_id', 'This field is required.'],
      [{ company_id: 'abc', description: 'x' }, 'company_id', 'Send your company id.'],
      [{ company_id: '99999999999', description: 'x' }, 'company_id', 'Send your company id.'],
      [{ company_id: String(me!.companyId), role_id: '1' }, 'role_id', 'This field is not allowed.'],
      [
        { company_id: String(me!.companyId), description: 'a\u0000b' },
        'description',
        'Must not contain control characters.',
      ],
      [
        { company_id: String(me!.companyId), description: '   ' },
        'files',
        'Choose a file or write a description.',
      ],
      [
        { company_id: String(me!.companyId), description: 'x'.repeat(1001) },
        'description',
        'The description must be at most 1000 characters.',
      ],
      [
        { company_id: String(me!.companyId), file: { name: 'a.pdf', bytes: pdf(100) } },
        'file',
        'This field is not allowed.',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await sendFiles(h, me!, fields);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(422);
      expect(res.json().error[field]).toEqual([message]);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses a company or file id in the path that is not a positive 32-bit integer', async () => {
    const [me] = await company(h);
    const get = (url: string) => h.call('GET', url, { tenant: me!.user.tenantId, token: me!.token });
    for (const id of ['abc', '0', '2147483648']) {
      const list = await get(`/api/v1/companies/files/${id}`);
      expect(list.statusCode, id).toBe(422);
      expect(Object.keys(list.json().error)).toEqual(['id']);
      const file = await get(`/api/v1/companies/files/${me!.companyId}/download/${id}`);
      expect(file.statusCode, id).toBe(422);
      expect(Object.keys(file.json().error)).toEqual(['fileId']);
    }
  });

  it('refuses bad update and delete bodies', async () => {
    const [me] = await company(h);
    const file = await sent(me!);
    const bodies: [object, string][] = [
      [{ company_id: me!.companyId, id: file.id, role_id: 1 }, 'role_id'],
      [{ company_id: me!.companyId }, 'id'],
      [
        { company_id: me!.companyId, id: file.id, files: [{ id: file.files[0]!.id, name: '' }] },
        'files.0.name',
      ],
      [
        { company_id: me!.companyId, id: file.id, files: [{ id: file.files[0]!.id, name: 'a\nb' }] },
        'files.0.name',
      ],
      [
        { company_id: me!.companyId, id: file.id, files: [{ id: file.files[0]!.id, name: '../etc/passwd' }] },
        'files.0.name',
      ],
      [{ company_id: me!.companyId, id: file.id, description: 'x'.repeat(1001) }, 'description'],
      [{ company_id: me!.companyId, id: file.id }, 'description'],
      [{ company_id: 'x', id: file.id }, 'company_id'],
      [{ company_id: me!.companyId, id: 2_147_483_648 }, 'id'],
    ];
    for (const [body, field] of bodies) {
      const res = await updateFile(h, me!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().error), JSON.stringify(body)).toEqual([field]);
    }
    for (const body of [
      { company_id: me!.companyId },
      { company_id: me!.companyId, id: file.id, extra: 1 },
    ]) {
      expect((await deleteFile(h, me!, body)).statusCode).toBe(422);
    }
    expect((await listFiles(h, me!, me!.companyId)).json().data).toEqual([file]);
  });
});

describe('another company’s or tenant’s ids', () => {
  it('are refused (403 for the company, 404 for its files) and nothing changes', async () => {
    const [me, colleague] = await company(h, undefined, 2);
    const [other] = await company(h);
    const [abroad] = await company(h, BETA);
    const mine = await sent(me!);
    const colleagues = await sent(colleague!);
    const othersFile = await sent(other!);
    const snapshot = async () => ({ rows: await rows(), items: await items(), stored: await storedFiles(h) });
    const before = await snapshot();

    for (const stranger of [other!, abroad!]) {
      // My company's id: 403 on every call.
      expect((await listFiles(h, stranger, me!.companyId)).statusCode).toBe(403);
      expect((await downloadFile(h, stranger, me!.companyId, mine.files[0]!.id)).statusCode).toBe(403);
      const send = await sendFiles(h, stranger, { company_id: String(me!.companyId), description: 'x' });
      expect(send.statusCode).toBe(403);
      expect(send.json()).toEqual({ message: 'You can only use the files of your own company.' });
      expect(
        (await updateFile(h, stranger, { company_id: me!.companyId, id: mine.id, description: 'x' }))
          .statusCode,
      ).toBe(403);
      expect((await deleteFile(h, stranger, { company_id: me!.companyId, id: mine.id })).statusCode).toBe(
        403,
      );
      // Their own company's id with my file ids: 404.
      expect((await downloadFile(h, stranger, stranger.companyId, mine.files[0]!.id)).statusCode).toBe(404);
      const update = await updateFile(h, stranger, {
        company_id: stranger.companyId,
        id: mine.id,
        description: 'x',
      });
      expect(update.statusCode).toBe(404);
      expect(update.json()).toEqual({ message: 'File not found.' });
      expect(
        (await deleteFile(h, stranger, { company_id: stranger.companyId, id: mine.id })).statusCode,
      ).toBe(404);
    }
    // A file of my sending renamed through another sending of mine, or another company's file: 404.
    const second = await sent(me!, 'second');
    const cross = await updateFile(h, me!, {
      company_id: me!.companyId,
      id: second.id,
      files: [{ id: othersFile.files[0]!.id, name: 'stolen' }],
    });
    expect(cross.statusCode).toBe(404);
    expect((await downloadFile(h, me!, me!.companyId, othersFile.files[0]!.id)).statusCode).toBe(404);
    // A colleague sees my files but changes only their own.
    const change = await updateFile(h, colleague!, {
      company_id: me!.companyId,
      id: mine.id,
      description: 'x',
    });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({ message: 'Only the person who sent a file can change or delete it.' });
    expect((await deleteFile(h, colleague!, { company_id: me!.companyId, id: mine.id })).statusCode).toBe(
      403,
    );
    expect((await downloadFile(h, colleague!, me!.companyId, mine.files[0]!.id)).statusCode).toBe(200);
    expect((await deleteFile(h, me!, { company_id: me!.companyId, id: colleagues.id })).statusCode).toBe(403);
    await deleteFile(h, me!, { company_id: me!.companyId, id: second.id });
    expect(await snapshot()).toEqual(before);
  });

  it('a client without a company has no files to ask for', async () => {
    const { token } = await signIn(h);
    const res = await h.call('GET', '/api/v1/companies/files/1', { token });
    expect(res.statusCode).toBe(403);
  });

  it('needs a signed-in caller', async () => {
    const res = await h.call('GET', '/api/v1/companies/files/1');
    expect(res.statusCode).toBe(401);
  });
});

describe('upload limits and type spoofing', () => {
  it('refuses a script renamed .jpg, an SVG with a script, an empty file, a 26 MB file; nothing is kept', async () => {
    const [me] = await company(h);
    const before = { rows: await rows(), stored: await storedFiles(h) };
    for (const [name, bytes, message] of refusedFiles()) {
      // A good file first: a refused one later in the same sending takes it back out of the storage.
      const res = await sendFiles(h, me!, {
        company_id: String(me!.companyId),
        description: 'x',
        files: [
          { name: 'ok.png', bytes: PNG },
          { name, bytes, type: 'image/jpeg' },
        ],
      });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().error.files[0], name).toContain(message);
    }
    expect({ rows: await rows(), stored: await storedFiles(h) }).toEqual(before);
  });

  it('takes 10 files and 25 MB at once, and refuses an 11th file or more than 25 MB together', async () => {
    const [me] = await company(h);
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `f${i}.png`, bytes: PNG }));
    expect((await sent(me!, 'ten', ten)).files).toHaveLength(10);
    const before = { rows: await rows(), stored: await storedFiles(h) };
    const eleven = await sendFiles(h, me!, { company_id: String(me!.companyId), files: [...ten, ten[0]!] });
    expect(eleven.statusCode).toBe(422);
    expect(eleven.json().error.files).toEqual(['Send at most 10 files at a time.']);
    const big = await sendFiles(h, me!, {
      company_id: String(me!.companyId),
      files: [
        { name: 'a.pdf', bytes: pdf(13 * 1024 * 1024) },
        { name: 'b.pdf', bytes: pdf(13 * 1024 * 1024) },
      ],
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().error.files).toEqual(['The files sent at once must be at most 25 MB together.']);
    expect({ rows: await rows(), stored: await storedFiles(h) }).toEqual(before);
    expect(
      (await sent(me!, 'exact', [{ name: 'max.pdf', bytes: pdf(25 * 1024 * 1024) }])).files[0]!.size,
    ).toBe(25 * 1024 * 1024);
  });
});
