/**
 * Where npm start and npm run dev keep local data: everything under one folder that git ignores, whatever
 * moves one kind elsewhere. Uploaded files used to follow PGLITE_DIR (its parent's storage/), so a database
 * kept in ./db put the uploads in ./storage, a folder git does not ignore.
 */
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../api/src/config.js';
import { REPO_ROOT } from './lib/api-process.js';
import { localData } from './lib/local-data.js';

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
});
