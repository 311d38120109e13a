// The storage module against a real S3-protocol server (s3rver, as the CLI's publish tests use): what the API
// keeps when MAIL_STORAGE is s3://bucket/prefix. An attachment and a company file go up and come back through the
// app, private under the prefix; deleting a company file removes its object; the local folder refuses a key that
// is not one of its own and keeps its files private (0600).
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_ENV, startS3 } from '../../scripts/lib/s3-server.js';
import type { S3Server } from '../../scripts/lib/s3-server.js';
import { createStorage, randomKey } from '../src/services/storage/storage.js';
import type { Storage } from '../src/services/storage/storage.js';
import { company, deleteFile, downloadFile, sendFiles } from './helpers/company-files.js';
import { Harness } from './helpers/harness.js';
import { PNG, coachAndClient, download, send, uploadFile } from './helpers/mailbox.js';

let s3: S3Server;
let storage: Storage;
const h = new Harness();
beforeAll(async () => {
  s3 = await startS3(['portal-mail']);
  storage = createStorage('s3://portal-mail/attachments/', { ...S3_ENV, AWS_ENDPOINT_URL_S3: s3.endpoint });
  await h.start({ storage });
});
afterAll(async () => {
  await h.stop();
  await s3.close();
});

describe('S3 storage', () => {
  it('puts, gets and removes objects under the prefix; a missing key is null', async () => {
    const key = randomKey('mail');
    await storage.put(key, PNG, 'image/png');
    expect((await storage.get(key))?.equals(PNG)).toBe(true);
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: S3_ENV.AWS_ACCESS_KEY_ID, secretAccessKey: S3_ENV.AWS_SECRET_ACCESS_KEY },
    });
    const object = await client.send(
      new GetObjectCommand({ Bucket: 'portal-mail', Key: `attachments/${key}` }),
    );
    expect(object.ContentType).toBe('image/png');
    client.destroy();
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    await storage.remove(key);
  });

  it('puts a file from disk and streams a range of it back; a missing key streams null', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'portal-put-file-'));
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 256));
    await writeFile(join(folder, 'video'), bytes);
    const key = randomKey('lesson-files');
    await storage.putFile(key, join(folder, 'video'), bytes.length, 'video/webm');
    const stream = await storage.stream(key, { start: 1000, end: 1999 });
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes.subarray(1000, 2000))).toBe(true);
    await storage.remove(key);
    expect(await storage.stream(key, { start: 0, end: 10 })).toBeNull();
    await rm(folder, { recursive: true, force: true });
  });

  it('an attachment uploaded through the app is kept in the bucket and downloaded by the recipient', async () => {
    const { coach, client } = await coachAndClient(h);
    const res = await uploadFile(h, client, { name: 'photo.png', bytes: PNG });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    await send(h, client, { attachments: [id] });
    const row = await h.db
      .selectFrom('mail_attachments')
      .select('object_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((await storage.get(row.object_key))?.equals(PNG)).toBe(true);
    const file = await download(h, coach, id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });
  it('a company file sent through the app is kept in the bucket, downloaded, and removed with its entry', async () => {
    const [me] = await company(h);
    const res = await sendFiles(h, me!, {
      company_id: String(me!.companyId),
      files: { name: 'shop.png', bytes: PNG },
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json().data as { id: number; files: { id: number }[] };
    const row = await h.db
      .selectFrom('company_file_items')
      .select('object_key')
      .where('id', '=', sent.files[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.object_key).toMatch(/^files\/[0-9a-f]{32}$/);
    expect((await storage.get(row.object_key))?.equals(PNG)).toBe(true);
    const file = await downloadFile(h, me!, me!.companyId, sent.files[0]!.id);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await deleteFile(h, me!, { company_id: me!.companyId, id: sent.id })).statusCode).toBe(200);
    expect(await storage.get(row.object_key)).toBeNull();
  });
});

describe('local storage', () => {
  it('refuses a key it did not make, so no path can leave its folder', async () => {
    const local = createStorage(h.storageDir);
    await expect(local.get('../../etc/passwd')).rejects.toThrow(/not a storage key/);
    await expect(local.put('mail/../../x', PNG, 'image/png')).rejects.toThrow(/not a storage key/);
  });

  it('keeps files readable by the API user only', async () => {
    const root = join(h.storageDir, 'private');
    const local = createStorage(root);
    const key = randomKey('mail');
    await local.put(key, PNG, 'image/png');
    expect((await local.get(key))?.equals(PNG)).toBe(true);
    expect((await stat(join(root, key))).mode & 0o777).toBe(0o600);
    for (const dir of [root, join(root, 'mail')]) expect((await stat(dir)).mode & 0o777, dir).toBe(0o700);
    await local.remove(key);
    expect(await local.get(key)).toBeNull();
  });
});
