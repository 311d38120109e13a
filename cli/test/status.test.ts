/**
 * `portal status` against a folder target and a real S3-protocol server (s3rver): the built version from the
 * build stamp, the live version from each tenant's meta.json, the state, the exit code and the output streams.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run as publish } from '../src/commands/publish.js';
import { run as status } from '../src/commands/status.js';
import { REPO_ROOT } from '../src/lib/context.js';
import { S3_ENV, startS3, type S3Server } from '../../scripts/lib/s3-server.js';
import {
  runCommand,
  tempDir,
  writeDist,
  writeTenants,
  type FixtureTenant,
} from './publish/support/fixtures.js';
import { BUCKET } from './publish/support/s3.js';

const ACME: FixtureTenant = { slug: 'acme', id: 401 };
const GLOBEX: FixtureTenant = { slug: 'globex', id: 402 };
const INITECH: FixtureTenant = { slug: 'initech', id: 403 };

interface Row {
  slug: string;
  built: string | null;
  published: string | null;
  state: string;
}

let root: string;
let tenantsDir: string;
const dist = () => path.join(root, 'dist');

beforeEach(async () => {
  root = await tempDir();
  tenantsDir = path.join(root, 'tenants');
  await writeTenants(tenantsDir, [ACME, GLOBEX, INITECH]);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const io = (env: NodeJS.ProcessEnv = {}, json = false) => ({ cwd: root, tenantsDir, env, json });
const rowsOf = (stdout: string) =>
  (JSON.parse(stdout) as Row[]).map((r) => [r.slug, r.built, r.published, r.state]);

describe('portal status with a folder target', () => {
  it('reports each tenant current, behind, unpublished or unbuilt, and exits 5 unless all are current', async () => {
    const to = path.join(root, 'storage');
    for (const tenant of [ACME, GLOBEX]) await writeDist(dist(), tenant, '7.2.2');
    expect(
      (await runCommand(publish, { all: false, tenant: ['acme', 'globex'], to, out: 'dist' }, io())).code,
    ).toBe(0);

    const live = await runCommand(status, { to, json: true }, io({}, true));
    expect(live.code).toBe(5);
    expect(rowsOf(live.stdout)).toEqual([
      ['acme', '7.2.2', '7.2.2', 'current'],
      ['globex', '7.2.2', '7.2.2', 'current'],
      ['initech', null, null, 'unbuilt'],
    ]);
    expect(live.stderr).toContain('initech (unbuilt)');

    // A new release built for two of them; only acme's is published.
    await writeDist(dist(), GLOBEX, '7.3.0');
    await writeDist(dist(), INITECH, '7.3.0');
    await writeDist(dist(), ACME, '7.3.0');
    expect((await runCommand(publish, { tenant: ['acme'], to, out: 'dist' }, io())).code).toBe(0);
    const after = await runCommand(status, { to, json: true }, io({}, true));
    expect(after.code).toBe(5);
    expect(rowsOf(after.stdout)).toEqual([
      ['acme', '7.3.0', '7.3.0', 'current'],
      ['globex', '7.3.0', '7.2.2', 'behind'],
      ['initech', '7.3.0', null, 'unpublished'],
    ]);

    expect((await runCommand(publish, { all: true, to, out: 'dist' }, io())).code).toBe(0);
    const done = await runCommand(status, { to }, io());
    expect(done.code).toBe(0);
    expect(done.stdout.split('\n')).toEqual([
      'SLUG     BUILT  LIVE   STATE',
      'acme     7.3.0  7.3.0  current',
      'globex   7.3.0  7.3.0  current',
      'initech  7.3.0  7.3.0  current',
      '',
    ]);
  });

  it('says "not built here" for a live tenant with no local build, and exits 0 for it', async () => {
    const to = path.join(root, 'storage');
    for (const tenant of [ACME, GLOBEX, INITECH]) await writeDist(dist(), tenant, '7.2.2');
    expect((await runCommand(publish, { all: true, to, out: 'dist' }, io())).code).toBe(0);
    // Another machine (or a fresh clone) has no dist/ at all.
    await rm(dist(), { recursive: true });
    const result = await runCommand(status, { to, json: true }, io({}, true));
    expect(result.code).toBe(0);
    expect(rowsOf(result.stdout)).toEqual([
      ['acme', null, '7.2.2', 'not built here'],
      ['globex', null, '7.2.2', 'not built here'],
      ['initech', null, '7.2.2', 'not built here'],
    ]);
    expect(result.stderr).toContain('Live: all 3 tenants; 3 not built in dist/ to compare with.');
  });

  it('reads a meta.json that announces no version as not published', async () => {
    const to = path.join(root, 'storage');
    for (const tenant of [ACME, GLOBEX, INITECH]) await writeDist(dist(), tenant, '7.2.2');
    expect((await runCommand(publish, { all: true, to, out: 'dist' }, io())).code).toBe(0);
    await writeFile(path.join(to, 'sites/globex/meta.json'), '<html>not json</html>');
    const result = await runCommand(status, { to, json: true }, io({}, true));
    expect(result.code).toBe(5);
    expect(rowsOf(result.stdout)[1]).toEqual(['globex', '7.2.2', null, 'unpublished']);
  });

  it('as a process: the table on stdout, plain progress on stderr without a TTY, --json replaces stdout', async () => {
    const to = path.join(root, 'storage');
    for (const tenant of [ACME, GLOBEX, INITECH]) await writeDist(dist(), tenant, '7.2.2');
    expect((await runCommand(publish, { all: true, to, out: 'dist' }, io())).code).toBe(0);
    const portal = (args: string[]) =>
      execa('node', [path.join(REPO_ROOT, 'bin/portal.js'), 'status', '--to', to, ...args], {
        cwd: root,
        reject: false,
        env: { PORTAL_TENANTS_DIR: tenantsDir },
      });
    const plain = await portal([]);
    expect(plain.exitCode, plain.stderr).toBe(0);
    expect(plain.stdout.split('\n')[0]).toBe('SLUG     BUILT  LIVE   STATE');
    expect(plain.stderr).toBe(
      'Reading the live meta.json of 3 tenants...\n' +
        '✔ Read the live meta.json of 3 tenants\n' +
        'Live at the built version: all 3 tenants.',
    );
    const json = await portal(['--json']);
    expect(json.exitCode, json.stderr).toBe(0);
    expect(rowsOf(json.stdout).map(([slug, , , state]) => [slug, state])).toEqual([
      ['acme', 'current'],
      ['globex', 'current'],
      ['initech', 'current'],
    ]);
  });
});

describe('portal status with an S3 target (s3rver)', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3([BUCKET]);
  });
  afterAll(() => s3.close());

  it('reads every live meta.json from the bucket and exits 0 when all are current', async () => {
    const to = `s3://${BUCKET}/prod`;
    for (const tenant of [ACME, GLOBEX, INITECH]) await writeDist(dist(), tenant, '7.2.2');
    const published = await runCommand(
      publish,
      { all: true, to, endpoint: s3.endpoint, out: 'dist', concurrency: 4 },
      io(S3_ENV),
    );
    expect(published.code, published.stderr).toBe(0);
    const live = await runCommand(status, { to, endpoint: s3.endpoint, json: true }, io(S3_ENV, true));
    expect(live.code, live.stderr).toBe(0);
    expect(rowsOf(live.stdout)).toEqual([
      ['acme', '7.2.2', '7.2.2', 'current'],
      ['globex', '7.2.2', '7.2.2', 'current'],
      ['initech', '7.2.2', '7.2.2', 'current'],
    ]);

    await writeDist(dist(), GLOBEX, '7.3.0');
    const behind = await runCommand(status, { to, endpoint: s3.endpoint, json: true }, io(S3_ENV, true));
    expect(behind.code).toBe(5);
    expect(rowsOf(behind.stdout)[1]).toEqual(['globex', '7.3.0', '7.2.2', 'behind']);
    // Another prefix of the same bucket holds nothing: every tenant is unpublished there.
    const empty = await runCommand(
      status,
      { to: `s3://${BUCKET}/staging`, endpoint: s3.endpoint, json: true },
      io(S3_ENV, true),
    );
    expect(empty.code).toBe(5);
    expect(rowsOf(empty.stdout).map(([, , , state]) => state)).toEqual([
      'unpublished',
      'unpublished',
      'unpublished',
    ]);
  });

  it('exits 4 naming the target when the bucket does not exist', async () => {
    for (const tenant of [ACME, GLOBEX, INITECH]) await writeDist(dist(), tenant, '7.2.2');
    const result = await runCommand(
      status,
      { to: 's3://no-such-bucket/prod', endpoint: s3.endpoint },
      io(S3_ENV),
    );
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('The bucket "no-such-bucket"');
    expect(result.stdout).toBe('');
  });
});
