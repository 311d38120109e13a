/**
 * The API fills what tenant.json leaves out from schemas/tenant-defaults.json, the file the CLI's bake and the
 * app read too: the expected values come from that file, so a changed default is checked, not restated.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenantFiles } from '../src/services/tenants/tenant-files.js';

const silent = { warn: () => undefined };

describe('tenant defaults', () => {
  let dir: string;
  let defaults: { hashidsSaltFallback: string; defaultFlags: Record<string, boolean> };
  beforeAll(async () => {
    defaults = JSON.parse(
      await readFile(join(import.meta.dirname, '../../schemas/tenant-defaults.json'), 'utf8'),
    ) as typeof defaults;
    dir = await mkdtemp(join(tmpdir(), 'portal-tenant-defaults-'));
    await mkdir(join(dir, 'bare'));
    await writeFile(
      join(dir, 'bare', 'tenant.json'),
      JSON.stringify({
        id: 11,
        name: 'Bare',
        domain: 'bare.example',
        defaultFlags: { flash_coaching: true },
      }),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("takes each flag tenant.json leaves out, and the salt's field, from schemas/tenant-defaults.json", async () => {
    const [tenant] = await loadTenantFiles(dir, silent);
    expect(tenant?.defaultFlags).toEqual({ ...defaults.defaultFlags, flash_coaching: true });
    expect(Object.keys(tenant?.defaultFlags ?? {})).toEqual(Object.keys(defaults.defaultFlags));
    const file = { id: 11, name: 'Bare', domain: 'bare.example' } as Record<string, unknown>;
    expect(tenant?.hashidsSalt).toBe(file[defaults.hashidsSaltFallback]);
  });

  // A user's flag left unset falls back to the tenant's default of the same name, so the SPEC §3 user carries
  // exactly tenant-defaults.json's flags: one left out of user.schema.json would be dropped from every answer.
  it("the user's trainings in schemas/user.schema.json are tenant-defaults.json's flags, each required", async () => {
    const user = JSON.parse(
      await readFile(join(import.meta.dirname, '../../schemas/user.schema.json'), 'utf8'),
    ) as { properties: { trainings: { required: string[]; properties: object } } };
    const flags = Object.keys(defaults.defaultFlags).sort();
    expect(Object.keys(user.properties.trainings.properties).sort()).toEqual(flags);
    expect([...user.properties.trainings.required].sort()).toEqual(flags);
  });
});
