import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { bakedConfig, checkBakedConfig } from '../../src/lib/bake/baked-config.js';
import { isValid, loadTenants, type TenantConfig } from '../../src/lib/tenants/index.js';
import { FIXTURES, REPO } from '../helpers.js';

const json = async <T>(file: string): Promise<T> =>
  JSON.parse(await readFile(path.join(REPO, file), 'utf8')) as T;

interface Defaults {
  themeUrl: string;
  hashidsSaltFallback: keyof TenantConfig;
}

interface FlagsSchema {
  $defs: { flags: { properties: Record<string, { default: boolean }> } };
}

/** Each flag's default in contracts/flags.schema.json. */
const flagDefaults = async () =>
  Object.fromEntries(
    Object.entries((await json<FlagsSchema>('contracts/flags.schema.json')).$defs.flags.properties).map(
      ([flag, rule]) => [flag, rule.default],
    ),
  );

const bare: TenantConfig = { id: 9, name: 'Bare', domain: 'bare.example', apiUrl: '/' };

describe('the baked config', () => {
  it('fills what tenant.json leaves out from contracts/tenant-defaults.json (a flag: flags.schema.json)', async () => {
    const defaults = await json<Defaults>('contracts/tenant-defaults.json');
    const baked = bakedConfig({ ...bare, defaultFlags: { business_academy: true } }, '1.2.3');
    expect(baked.themeUrl).toBe(defaults.themeUrl);
    expect(baked.defaultFlags).toEqual({ ...(await flagDefaults()), business_academy: true });
    expect(baked.hashidsSalt).toBe(bare[defaults.hashidsSaltFallback]);
    // Analytics ask the user first unless the tenant says consent is implied.
    expect(baked.integrations.analyticsConsent).toBe('required');
    const implied = bakedConfig({ ...bare, integrations: { analyticsConsent: 'implied' } }, '1.2.3');
    expect(implied.integrations.analyticsConsent).toBe('implied');
  });

  it('matches contracts/portal-config.schema.json for every valid fixture, in both environments', async () => {
    const flags = await json<object>('contracts/flags.schema.json');
    const schemas = [
      flags,
      ...(await Promise.all(['theme', 'tenant'].map((n) => json<object>(`contracts/${n}.schema.json`)))),
    ];
    const validate = new Ajv2020({ allErrors: true, keywords: ['x-sameAs'], schemas }).compile(
      await json<object>('contracts/portal-config.schema.json'),
    );
    const tenants = await loadTenants({ tenantsDir: path.join(FIXTURES, 'valid') });
    expect(tenants.every(isValid)).toBe(true);
    for (const { config } of tenants.filter(isValid)) {
      for (const environment of ['production', 'development'] as const) {
        expect(validate(bakedConfig(config, '7.2.2', environment)), JSON.stringify(validate.errors)).toBe(
          true,
        );
      }
    }
  });

  it('refuses to write a config that breaks the schema, naming the field (a bug in the bake, not in tenant.json)', () => {
    const baked = bakedConfig(bare, '1.2.3');
    expect(() =>
      checkBakedConfig({ ...baked, defaultFlags: { ...baked.defaultFlags, group_coaching: 'yes' } }),
    ).toThrow(/portal-config\.schema\.json: \/defaultFlags\/group_coaching must be boolean/);
    expect(() => checkBakedConfig({ ...baked, tenantId: 0 })).toThrow(/\/tenantId must be >= 1/);
  });

  it("copies the footer's fields as tenant.json writes them, none when it sets none", () => {
    expect(bakedConfig(bare, '1.2.3').footer).toEqual({});
    const footer = { supportEmail: 'help@bare.example' };
    expect(bakedConfig({ ...bare, footer }, '1.2.3').footer).toEqual(footer);
  });

  it('bakes exactly the training flags of flags.schema.json', async () => {
    expect(Object.keys(bakedConfig(bare, '1.2.3').defaultFlags)).toEqual(Object.keys(await flagDefaults()));
  });
});
