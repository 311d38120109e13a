/**
 * The API fills what tenant.json leaves out from contracts/tenant-defaults.json and a flag's default from
 * contracts/flags.schema.json, the files the CLI's bake and the app read too: the expected values come from those
 * files, so a changed default is checked, not restated.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenantFiles } from '../src/services/tenants/tenant-files.js';

const silent = { warn: () => undefined };
const json = async <T>(file: string): Promise<T> =>
  JSON.parse(await readFile(join(import.meta.dirname, '../../contracts', file), 'utf8')) as T;

describe('tenant defaults', () => {
  let dir: string;
  let defaults: { hashidsSaltFallback: string };
  let flagDefaults: Record<string, boolean>;
  beforeAll(async () => {
    defaults = await json('tenant-defaults.json');
    const flags = await json<{ $defs: { flags: { properties: Record<string, { default: boolean }> } } }>(
      'flags.schema.json',
    );
    flagDefaults = Object.fromEntries(
      Object.entries(flags.$defs.flags.properties).map(([flag, rule]) => [flag, rule.default]),
    );
    dir = await mkdtemp(join(tmpdir(), 'portal-tenant-defaults-'));
    await mkdir(join(dir, 'bare'));
    await writeFile(
      join(dir, 'bare', 'tenant.json'),
      JSON.stringify({
        id: 11,
        name: 'Bare',
        domain: 'bare.example',
        defaultFlags: { flash_coaching: !flagDefaults.flash_coaching },
      }),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("takes each flag tenant.json leaves out from contracts/flags.schema.json, and the salt's field from tenant-defaults.json", async () => {
    const [tenant] = await loadTenantFiles(dir, silent);
    expect(tenant?.defaultFlags).toEqual({ ...flagDefaults, flash_coaching: !flagDefaults.flash_coaching });
    expect(Object.keys(tenant?.defaultFlags ?? {})).toEqual(Object.keys(flagDefaults));
    const file = { id: 11, name: 'Bare', domain: 'bare.example' } as Record<string, unknown>;
    expect(tenant?.hashidsSalt).toBe(file[defaults.hashidsSaltFallback]);
  });

  // A user's flag left unset falls back to the tenant's default of the same name, so the SPEC §3 user carries
  // exactly the flags of flags.schema.json, every one of them.
  it("the user's trainings in contracts/user.schema.json are flags.schema.json's flags, each required", async () => {
    const user = await json<{ properties: { trainings: { $ref: string } } }>('user.schema.json');
    expect(user.properties.trainings.$ref).toBe('flags.schema.json#/$defs/filledFlags');
  });
});
