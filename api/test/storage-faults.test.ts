// The file store failing under the API: an S3 endpoint that answers 5xx, an s3rver stopped while the app runs
// (and started again: the same download works, nothing restarted), and a store that accepts connections but
// never answers (given up on by the client's timeouts, not after the SDK's default minutes). Uploads and
// downloads answer the outage's 503 (never a 500), logged as "storage unavailable", and the app keeps answering.
import http from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_ENV, startS3 } from '../../scripts/lib/s3-server.js';
import { createStorage } from '../src/services/storage/storage.js';
import { Harness } from './helpers/harness.js';
import { PNG, coachAndClient, download, send, uploadFile } from './helpers/mailbox.js';

const unavailable = {
  message: 'The service is temporarily unavailable. Please try again in a few seconds.',
};

// A store that is up but failing: every call answers 503 SlowDown, as S3 does when it sheds load.
const failing = http.createServer((_req, res) => {
  res.writeHead(503, { 'content-type': 'application/xml' });
  res.end('<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>');
});

beforeAll(() => new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => failing.close(() => resolve())));

const s3At = (endpoint: string) =>
  createStorage('s3://portal-mail/attachments/', { ...S3_ENV, AWS_ENDPOINT_URL_S3: endpoint });

describe('storage faults', () => {
  it('a store answering 5xx: an upload is 503 "temporarily unavailable", logged, never a 500', async () => {
    const { port } = failing.address() as AddressInfo;
    const h = await new Harness().start({ storage: s3At(`http://127.0.0.1:${port}`) });
    try {
      const { client } = await coachAndClient(h);
      const res = await uploadFile(h, client, { name: 'photo.png', bytes: PNG });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect(h.logs.some((l) => l.includes('"msg":"storage unavailable"'))).toBe(true);
      expect(h.logs.some((l) => l.includes('"msg":"request failed"'))).toBe(false);
      // The upload's row took its slot in the hourly limit before the transfer; the failed transfer gives it back.
      const rows = await h.db
        .selectFrom('mail_attachments')
        .select('id')
        .where('uploader_id', '=', client.user.id)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await h.stop();
    }
  });

  it('an s3rver stopped after an upload: the download is 503, the rest of the app still answers; back, it works', async () => {
    const s3 = await startS3(['portal-mail']);
    const h = await new Harness().start({ storage: s3At(s3.endpoint) });
    try {
      const { coach, client } = await coachAndClient(h);
      const uploaded = await uploadFile(h, client, { name: 'photo.png', bytes: PNG });
      expect(uploaded.statusCode).toBe(201);
      const id = uploaded.json().data.id as number;
      await send(h, client, { attachments: [id] });
      await s3.stop();
      const res = await download(h, coach, id);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect((await h.call('GET', '/ready', { tenant: null })).statusCode).toBe(200);

      await s3.start();
      const back = await download(h, coach, id);
      expect(back.statusCode).toBe(200);
      expect(back.rawPayload).toEqual(PNG);
      expect((await uploadFile(h, client, { name: 'again.png', bytes: PNG })).statusCode).toBe(201);
    } finally {
      await h.stop();
      await s3.close();
    }
  });

  describe('a store that accepts connections and never answers', () => {
    const sockets: Socket[] = [];
    const hole = createServer((socket) => void sockets.push(socket));
    const h = new Harness();
    let client: Awaited<ReturnType<typeof coachAndClient>>['client'];
    beforeAll(async () => {
      await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
      await h.start({ storage: s3At(`http://127.0.0.1:${(hole.address() as AddressInfo).port}`) });
      ({ client } = await coachAndClient(h));
    });
    afterAll(async () => {
      await h.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => hole.close(() => resolve()));
    });

    // The test's own time limit is the check that the client gives up: with the SDK's defaults (no limit on
    // silence, three tries) the upload would wait far past it.
    it('the upload is 503, not a hang', async () => {
      const res = await uploadFile(h, client, { name: 'photo.png', bytes: PNG });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect(sockets.length).toBeGreaterThan(0);
      const logged = h.logs.filter((l) => l.includes('"msg":"storage unavailable"'));
      expect(logged.some((l) => l.includes('TimeoutError'))).toBe(true);
    }, 10_000);
  });
});
