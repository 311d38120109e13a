// Mail attachments: /upload/mail checks the type by content (not name), the size and the count; /delete/mail
// and the download act for the uploader or a party of the message only; the download names the file safely
// for any name; a user's uploads are limited per hour; uploads never sent are purged after a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA, Harness } from './helpers/harness.js';
import {
  PNG,
  coachAndClient,
  download,
  gql,
  insertUploads,
  listEmails,
  pdf,
  refusedFiles,
  send,
  storedFiles,
  uploadFile,
} from './helpers/mailbox.js';
import type { Person } from './helpers/sign-in.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

async function uploaded(as: Person, file = { name: 'photo.png', bytes: PNG }) {
  const res = await uploadFile(h, as, file);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; name: string; size: number; type: string };
}

const discard = (as: Person, id: number) =>
  h.call('POST', '/delete/mail', { tenant: as.user.tenantId, token: as.token, body: { id } });

describe('/upload/mail', () => {
  it('stores a file under a server-made name and answers its id, name, size and the type read from it', async () => {
    const me = await signIn(h);
    const file = await uploaded(me, { name: 'x.bin', bytes: PNG });
    expect(file).toEqual({ id: expect.any(Number), name: 'x.bin', size: PNG.length, type: 'image/png' });
    const row = await h.db
      .selectFrom('mail_attachments')
      .selectAll()
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(row.object_key).toMatch(/^mail\/[0-9a-f]{32}$/);
    expect(await storedFiles(h)).toContain(row.object_key);
  });

  it('refuses a script renamed .jpg, an SVG with a script, an empty file and a 26 MB file; nothing is kept', async () => {
    const me = await signIn(h);
    const before = await storedFiles(h);
    for (const [name, bytes, message] of refusedFiles()) {
      const res = await uploadFile(h, me, { name, bytes, type: 'image/jpeg' });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().error.file[0], name).toContain(message);
    }
    expect(await storedFiles(h)).toEqual(before);
    expect(
      await h.db.selectFrom('mail_attachments').select('id').where('uploader_id', '=', me.user.id).execute(),
    ).toEqual([]);
  });

  it('accepts 25 MB exactly and plain text under a .txt name', async () => {
    const me = await signIn(h);
    expect((await uploaded(me, { name: 'plan.pdf', bytes: pdf(25 * 1024 * 1024) })).type).toBe(
      'application/pdf',
    );
    expect((await uploaded(me, { name: 'notes.txt', bytes: Buffer.from('Ünïcode notes\n') })).type).toBe(
      'text/plain; charset=utf-8',
    );
  });

  it('takes 60 uploads an hour per user, then 429 with Retry-After and nothing kept', async () => {
    const me = await signIn(h);
    const oldest = h.clock.now().getTime() - 30 * 60_000;
    await insertUploads(h, me, 60, oldest);
    const before = await storedFiles(h);
    const res = await uploadFile(h, me, { name: 'one-more.png', bytes: PNG });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many uploads. Try again in 1800 seconds.' });
    expect(res.headers['retry-after']).toBe('1800');
    expect(await storedFiles(h)).toEqual(before);
    // Another user uploads as usual.
    expect((await uploaded(await signIn(h))).type).toBe('image/png');
    // The rows stood for files that were never stored: gone again, so the purge test finds only its own.
    await h.db.deleteFrom('mail_attachments').where('uploader_id', '=', me.user.id).execute();
  });

  it('needs a signed-in caller', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/upload/mail',
      headers: { 'x-tenant-id': '501' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('sending with attachments', () => {
  it('the recipient downloads the file with its exact name, the stored type and nosniff', async () => {
    const { coach, client } = await coachAndClient(h);
    const name = 'Rapport "final" – ünïcode; 100%.png';
    const file = await uploaded(client, { name, bytes: PNG });
    const mail = (await send(h, client, { attachments: [file.id] })).data.sendEmail;
    expect(mail.attachments).toEqual([{ id: file.id, name, size: PNG.length, type: 'image/png' }]);
    const inbox = (await listEmails(h, coach)).data.emails.items;
    expect(inbox[0].attachments).toEqual(mail.attachments);
    for (const person of [coach, client]) {
      const res = await download(h, person, file.id);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Rapport _final_ _ _n_code; 100_.png"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
    }
    // Sent: it can no longer be discarded.
    expect((await discard(client, file.id)).statusCode).toBe(404);
  });

  it('refuses another user’s upload, an upload already sent and more than 10 or 25 MB of files', async () => {
    const { client } = await coachAndClient(h);
    const other = await signIn(h);
    const theirs = await uploaded(other);
    const before = await h.db.selectFrom('emails').select('id').execute();
    const refused = await send(h, client, { attachments: [theirs.id] });
    // 422s naming the argument, so the form says it beside its files.
    expect(refused.statusCode).toBe(422);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'An attachment was not found: upload it again.',
      extensions: { code: 'BAD_USER_INPUT', field: 'attachments' },
    });
    expect(await h.db.selectFrom('emails').select('id').execute()).toEqual(before);

    const eleven = await Promise.all(Array.from({ length: 11 }, () => uploaded(client)));
    const tooMany = await send(h, client, { attachments: eleven.map((f) => f.id) });
    expect(tooMany.errors?.[0]).toMatchObject({
      message: 'At most 10 files per message.',
      extensions: { field: 'attachments' },
    });

    const big = [await uploaded(client, { name: 'a.pdf', bytes: pdf(13 * 1024 * 1024) })];
    big.push(await uploaded(client, { name: 'b.pdf', bytes: pdf(13 * 1024 * 1024) }));
    const tooBig = await send(h, client, { attachments: big.map((f) => f.id) });
    expect(tooBig.errors?.[0]?.message).toBe('The files of one message must be at most 25 MB together.');
    expect(await h.db.selectFrom('emails').select('id').execute()).toEqual(before);

    const ten = await send(h, client, { attachments: eleven.slice(0, 10).map((f) => f.id) });
    expect(ten.data.sendEmail.attachments).toHaveLength(10);
    const again = await send(h, client, { attachments: [eleven[0]!.id] });
    expect(again.errors?.[0]?.message).toBe('An attachment was not found: upload it again.');
  });

  it('another user or tenant cannot download or discard, and nothing changes', async () => {
    const { coach, client } = await coachAndClient(h);
    const sent = await uploaded(client);
    const mail = (await send(h, client, { attachments: [sent.id] })).data.sendEmail;
    const unsent = await uploaded(client);
    for (const stranger of [await signIn(h), await signIn(h, { tenant_id: BETA })]) {
      for (const id of [sent.id, unsent.id]) {
        const res = await download(h, stranger, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Attachment not found.' });
        expect((await discard(stranger, id)).statusCode).toBe(404);
      }
    }
    // An upload not sent yet is its uploader's only.
    expect((await download(h, coach, unsent.id)).statusCode).toBe(404);
    expect((await download(h, client, unsent.id)).statusCode).toBe(200);
    expect((await download(h, coach, sent.id)).statusCode).toBe(200);
    // The recipient deletes the message: the file is gone for them, the sender keeps it.
    await gql(h, coach, 'mutation ($u: Int!, $i: [Int!]!) { deleteEmails(user_id: $u, ids: $i) }', {
      u: coach.user.id,
      i: [mail.id],
    });
    expect((await download(h, coach, sent.id)).statusCode).toBe(404);
    expect((await download(h, client, sent.id)).statusCode).toBe(200);
    // The uploader discards theirs.
    const res = await discard(client, unsent.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: unsent.id, deleted: true } });
    expect((await download(h, client, unsent.id)).statusCode).toBe(404);
  });
});

describe('housekeeping', () => {
  it('purges uploads never sent after a day, rows and files; sent ones stay', async () => {
    const { client } = await coachAndClient(h);
    const sent = await uploaded(client);
    await send(h, client, { attachments: [sent.id] });
    const unsent = await uploaded(client);
    const key = async (id: number) =>
      (await h.db.selectFrom('mail_attachments').select('object_key').where('id', '=', id).executeTakeFirst())
        ?.object_key;
    const unsentKey = (await key(unsent.id))!;
    const sentKey = (await key(sent.id))!;
    h.clock.advance(25 * 60 * 60_000);
    // A new app instance purges once when it is ready; closing waits for that purge.
    const app = await h.build();
    await app.ready();
    await app.close();
    expect(await key(unsent.id)).toBeUndefined();
    expect(await key(sent.id)).toBe(sentKey);
    const files = await storedFiles(h);
    expect(files).not.toContain(unsentKey);
    expect(files).toContain(sentKey);
  });
});
