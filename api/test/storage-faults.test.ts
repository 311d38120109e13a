// The file store failing under the API: an S3 endpoint that answers 5xx, and an s3rver stopped while the app
// runs. Uploads and downloads answer the outage's 503 (never a 500), logged as "storage unavailable", and the
// app keeps answering.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
    } finally {
      await h.stop();
    }
  });

  it('an s3rver stopped after an upload: the download is 503, the rest of the app still answers', async () => {
    const s3 = await startS3(['portal-mail']);
    const h = await new Harness().start({ storage: s3At(s3.endpoint) });
    try {
      const { coach, client } = await coachAndClient(h);
      const uploaded = await uploadFile(h, client, { name: 'photo.png', bytes: PNG });
      expect(uploaded.statusCode).toBe(201);
      const id = uploaded.json().data.id as number;
      await send(h, client, { attachments: [id] });
      await s3.close();
      const res = await download(h, coach, id);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(unavailable);
      expect((await h.call('GET', '/ready', { tenant: null })).statusCode).toBe(200);
    } finally {
      await h.stop();
    }
  });
});
