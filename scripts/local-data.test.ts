/**
 * Where npm start and npm run dev keep local data: everything under one folder that git ignores, whatever
 * moves one kind elsewhere. Uploaded files used to follow PGLITE_DIR (its parent's storage/), so a database
 * kept in ./db put the uploads in ./storage, a folder git does not ignore.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../api/src/config.js';
import { REPO_ROOT } from './lib/api-process.js';
import { localData, localVapidKeys } from './lib/local-data.js';

describe('local data', () => {
  it('keeps the database, the mail and the uploaded files under .data/ by default', () => {
    const root = path.join(REPO_ROOT, '.data');
    expect(localData({})).toEqual({
      root,
      pgliteDir: path.join(root, 'pg'),
      mailDir: path.join(root, 'mail'),
      storage: path.join(root, 'storage'),
    });
  });

  it('moves every kind with DATA_DIR, and only the one kind with its own variable', () => {
    const data = path.resolve('/tmp/portal-data');
    expect(localData({ DATA_DIR: data })).toEqual({
      root: data,
      pgliteDir: path.join(data, 'pg'),
      mailDir: path.join(data, 'mail'),
      storage: path.join(data, 'storage'),
    });
    // A database moved elsewhere does not take the uploads beside it.
    const moved = localData({ PGLITE_DIR: 'db' });
    expect(moved.pgliteDir).toBe(path.resolve('db'));
    expect(moved.storage).toBe(path.join(REPO_ROOT, '.data', 'storage'));
    expect(localData({ MAIL_STORAGE: 's3://bucket/files' }).storage).toBe('s3://bucket/files');
  });

  it('is where the API itself looks when run on its own (npm run api, npm run seed)', () => {
    for (const env of [
      { DATA_DIR: '/tmp/portal-data' },
      { DATA_DIR: '/tmp/portal-data', PGLITE_DIR: '/tmp/db' },
    ]) {
      const api = readConfig(env);
      const data = localData(env);
      expect([api.pgliteDir, api.mailDir, api.mailStorage]).toEqual([
        data.pgliteDir,
        data.mailDir,
        data.storage,
      ]);
    }
  });

  it('is ignored by git, every kind of it', async () => {
    const { pgliteDir, mailDir, storage } = localData({});
    const files = [pgliteDir, mailDir, storage].map((dir) => path.relative(REPO_ROOT, path.join(dir, 'x')));
    const result = await execa('git', ['check-ignore', '--no-index', ...files], {
      cwd: REPO_ROOT,
      reject: false,
    });
    expect(result.stdout.split('\n').sort()).toEqual([...files].sort());
  });

  it('makes the Web Push keys once, owner-readable, and the API accepts them', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'portal-vapid-'));
    try {
      const first = await localVapidKeys(root);
      expect(await localVapidKeys(root)).toEqual(first);
      expect((await stat(path.join(root, 'vapid.json'))).mode & 0o777).toBe(0o600);
      expect(readConfig(first).vapid).toEqual({
        publicKey: first.VAPID_PUBLIC_KEY,
        privateKey: first.VAPID_PRIVATE_KEY,
        subject: first.VAPID_SUBJECT,
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuses half a VAPID configuration or a key of the wrong shape, without repeating the private key', () => {
    expect(readConfig({}).vapid).toBeUndefined();
    expect(() => readConfig({ VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` })).toThrow(/together, or none/);
    const secret = 'not-a-key-secret';
    expect(() =>
      readConfig({
        VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
        VAPID_PRIVATE_KEY: secret,
        VAPID_SUBJECT: 'mailto:a@b.c',
      }),
    ).toThrow(/^VAPID_PRIVATE_KEY must be a P-256 private key in base64url \(43 characters/);
    expect(() =>
      readConfig({
        VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
        VAPID_PRIVATE_KEY: 'A'.repeat(43),
        VAPID_SUBJECT: 'ops',
      }),
    ).toThrow(/VAPID_SUBJECT must be a mailto: or https: address/);
  });
});
