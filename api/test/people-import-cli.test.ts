// `portal people import`, the real CLI (bin/portal.js in a child process) against a real API listening on
// 127.0.0.1 (PGlite, or PostgreSQL through scripts/with-postgres.sh) with the seeded fixture tenants: a dry run
// prints what would be created, changed or left alone and writes nothing; every bad row is reported at once at
// its line:column, and nothing is written while one is bad; the import is idempotent by email; --json; a key
// of another tenant is refused before anything is sent.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, seedFixtures } from './helpers/coach.js';
import { BETA, Harness } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const h = new Harness();
let url: string;
let dir: string;
let key: string;
let betaKey: string;

beforeAll(async () => {
  await h.start();
  await seedFixtures(h);
  url = await h.app.listen({ host: '127.0.0.1', port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'portal-import-'));
  const make = async (tenant?: number) => {
    const admin = await signIn(h, { demo: 'admin', tenant });
    const res = await as(h, admin, 'POST', '/api/v1/admin/api-keys', { name: 'Import', scope: 'read-write' });
    return res.json().data.key as string;
  };
  key = await make();
  betaKey = await make(BETA);
});
afterAll(async () => {
  await h.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const unique = Math.random().toString(36).slice(2, 8);

async function csv(name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

const portal = (args: string[], apiKey = key) =>
  execa('node', [join(root, 'bin/portal.js'), 'people', 'import', ...args], {
    cwd: dir,
    reject: false,
    env: { PORTAL_API_KEY: apiKey, PORTAL_API_URL: url, NO_COLOR: '1' },
  });

const peopleLike = async (part: string) =>
  h.db
    .selectFrom('users')
    .select(['email', 'first_name', 'role_id'])
    .where('email', 'like', `%${part}%`)
    .execute();

const good = () =>
  [
    'email,first_name,last_name,role,company,coach_email,time_zone',
    `ada.${unique}@alpha.test,Ada,Lovelace,client,"Engines, Ltd",coach.${unique}@alpha.test,Europe/London`,
    `coach.${unique}@alpha.test,Grace,Hopper,coach,,,America/New_York`,
    // An existing person of the seed: found by email, her name left as it is (empty cells).
    'client@alpha.test,,,,,,',
  ].join('\n');

describe('portal people import', () => {
  it('--dry-run prints what would be created, changed or left alone, and writes nothing', async () => {
    const file = await csv('dry.csv', good());
    const result = await portal(['--tenant', 'alpha', 'dry.csv', '--dry-run']);
    expect(result.exitCode, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^2\\s+ada\\.${unique}@alpha\\.test\\s+created$`, 'm'));
    expect(result.stdout).toMatch(new RegExp(`^3\\s+coach\\.${unique}@alpha\\.test\\s+created$`, 'm'));
    expect(result.stdout).toMatch(/^4\s+client@alpha\.test\s+unchanged$/m);
    expect(result.stdout).toContain('Would import 3 rows into alpha: 2 created, 0 changed, 1 unchanged');
    expect(await peopleLike(unique)).toEqual([]);
    expect(file).toContain('dry.csv');
  });

  it('reports every bad row at once with its line:column, in the validate style, and writes nothing', async () => {
    await csv(
      'bad.csv',
      [
        'email,first_name,last_nmae,role,time_zone',
        `ok.${unique}@alpha.test,Ok,Row,client,Europe/Paris`,
        `not-an-email,Bad,Email,client,Europe/Paris`,
        `role.${unique}@alpha.test,Bad,Role,coahc,Europe/Paris`,
        `zone.${unique}@alpha.test,Bad,Zone,client,Mars/Olympus`,
      ].join('\n'),
    );
    const result = await portal(['--tenant', 'alpha', 'bad.csv']);
    expect(result.exitCode).toBe(1);
    const out = result.stdout;
    expect(out).toContain('x bad.csv: 4 problems in 4 rows');
    expect(out).toContain('bad.csv:1:3  last_nmae  unknown column "last_nmae": did you mean "last_name"?');
    expect(out).toContain('bad.csv:3:1  email  "not-an-email" is not an email address');
    expect(out).toContain('bad.csv:4:4  role  "coahc" is no role: did you mean "coach"?');
    expect(out).toContain('bad.csv:5:5  time_zone  "Mars/Olympus" is no time zone');
    expect(out).toContain('nothing was imported');
    expect(await peopleLike(unique)).toEqual([]);
  });

  it("reports the API's findings (a coach who is not there) at their line:column too", async () => {
    await csv(
      'coachless.csv',
      [
        'email,first_name,last_name,coach_email',
        `lost.${unique}@alpha.test,Lost,Client,nobody@alpha.test`,
      ].join('\n'),
    );
    const result = await portal(['--tenant', 'alpha', 'coachless.csv']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      'coachless.csv:2:4  coach_email  There is no coach with this email in this portal.',
    );
    expect(await peopleLike(unique)).toEqual([]);
  });

  it('imports (coaches before their clients), and a second run changes nothing; --json', async () => {
    await csv('good.csv', good());
    const first = await portal(['--tenant', 'alpha', 'good.csv', '--json']);
    expect(first.exitCode, first.stderr + first.stdout).toBe(0);
    const result = JSON.parse(first.stdout);
    expect(result).toMatchObject({
      ok: true,
      dry_run: false,
      tenant: 'alpha',
      created: 2,
      changed: 0,
      unchanged: 1,
    });
    expect(result.rows).toEqual([
      { line: 2, email: `ada.${unique}@alpha.test`, outcome: 'created' },
      { line: 3, email: `coach.${unique}@alpha.test`, outcome: 'created' },
      { line: 4, email: 'client@alpha.test', outcome: 'unchanged' },
    ]);
    const ada = await h.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.first_name', 'users.time_zone', 'companies.name'])
      .where('users.email', '=', `ada.${unique}@alpha.test`)
      .executeTakeFirstOrThrow();
    expect(ada).toEqual({ first_name: 'Ada', time_zone: 'Europe/London', name: 'Engines, Ltd' });
    const second = await portal(['--tenant', 'alpha', 'good.csv']);
    expect(second.exitCode).toBe(0);
    expect(second.stdout).toContain('Imported 3 rows into alpha: 0 created, 0 changed, 3 unchanged');
    // Without a terminal: a line at the start and the end of each pass, no bar redrawn; the check found every
    // row unchanged, so nothing is sent to be written.
    expect(second.stderr).not.toContain('[#');
    expect(second.stderr).toContain('Checking: 3 rows done');
    expect(second.stderr).toContain('Importing: 0 rows done');
  });

  it('imports a European spreadsheet\'s "CSV UTF-8" (BOM, semicolons, CRLF, a name holding a semicolon)', async () => {
    const rows = [
      'email;first_name;last_name;role;company',
      `anders.${unique}@alpha.test;Anders;"Ørsted; Jr.";client;"Nordlys, Bøgh & Co"`,
    ];
    await writeFile(join(dir, 'europe.csv'), `\uFEFF${rows.join('\r\n')}\r\n`);
    const result = await portal(['--tenant', 'alpha', 'europe.csv']);
    expect(result.exitCode, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain('Imported 1 row into alpha: 1 created, 0 changed, 0 unchanged');
    const anders = await h.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.first_name', 'users.last_name', 'companies.name'])
      .where('users.email', '=', `anders.${unique}@alpha.test`)
      .executeTakeFirstOrThrow();
    expect(anders).toEqual({ first_name: 'Anders', last_name: 'Ørsted; Jr.', name: 'Nordlys, Bøgh & Co' });
  });

  it("reports a quote the parser cannot read in the CLI's words, never csv-parse's", async () => {
    await csv('quote.csv', ['email,last_name', `q.${unique}@alpha.test,Ø"rsted`].join('\n'));
    const result = await portal(['--tenant', 'alpha', 'quote.csv']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      'quote.csv:2:2  (file)  a double quote in the middle of a cell: put the whole cell in double quotes',
    );
    expect(result.stdout + result.stderr).not.toMatch(/Invalid Opening Quote|a quote is found on field/);
  });

  it('refuses a key of another tenant before sending a row, and a missing key with the variable named', async () => {
    await csv('other.csv', good().replaceAll(unique, `${unique}x`));
    const wrong = await portal(['--tenant', 'alpha', 'other.csv'], betaKey);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain('the key in PORTAL_API_KEY belongs to "beta", not "alpha"');
    const none = await portal(['--tenant', 'alpha', 'other.csv'], '');
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('PORTAL_API_KEY');
    expect(await peopleLike(`${unique}x`)).toEqual([]);
  });
});
