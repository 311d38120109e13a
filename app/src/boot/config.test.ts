import { afterEach, describe, expect, it } from 'vitest';
import flagsSchema from '../../../contracts/flags.schema.json';
import { portalConfigSchema } from '../../../contracts/portal-config';
import tenantDefaults from '../../../contracts/tenant-defaults.json';
import { ConfigError, readConfig } from './config';

function bake(text: string | null) {
  document.getElementById('portal-config')?.remove();
  if (text === null) return;
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'portal-config';
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => bake(null));

/** Each flag's default in contracts/flags.schema.json. */
const flagDefaults = Object.fromEntries(
  Object.entries(flagsSchema.$defs.flags.properties).map(([flag, rule]) => [flag, rule.default]),
);

describe('baked config', () => {
  it('reads the tenant id, version and settings baked into index.html', () => {
    bake(
      JSON.stringify({
        tenantId: 2002,
        version: '7.2.2',
        name: 'Acme',
        apiUrl: '/',
        themeUrl: '/themes',
        defaultFlags: { group_coaching: true },
        integrations: { avatarService: false },
        footer: { supportEmail: 'help@acme.test' },
      }),
    );
    const config = readConfig();
    expect(config.tenantId).toBe(2002);
    expect(config.footer.supportEmail).toBe('help@acme.test');
    expect(config.version).toBe('7.2.2');
    expect(config.defaultFlags).toEqual({ ...flagDefaults, group_coaching: true });
    expect(config.integrations.avatarService).toBe(false);
    expect(config.environment).toBe('production');
  });

  it('fails loudly when the config is missing, broken or has no valid tenant id', () => {
    bake(null);
    expect(() => readConfig()).toThrow(ConfigError);
    bake('{not json');
    expect(() => readConfig()).toThrow(/not valid JSON/);
    bake(JSON.stringify({ tenantId: '7' }));
    expect(() => readConfig()).toThrow(/tenant id/);
    bake(JSON.stringify({ tenantId: 0 }));
    expect(() => readConfig()).toThrow(/tenant id/);
  });

  it('falls back to contracts/tenant-defaults.json (flags: flags.schema.json) where a field is missing or breaks portal-config.schema.json', () => {
    bake(
      JSON.stringify({
        tenantId: 7,
        domain: 'seven.example',
        themeUrl: 42,
        defaultFlags: { group_coaching: 'yes', flash_coaching: !flagDefaults.flash_coaching },
      }),
    );
    const config = readConfig();
    expect(config.themeUrl).toBe(tenantDefaults.themeUrl);
    expect(config.defaultFlags).toEqual({ ...flagDefaults, flash_coaching: !flagDefaults.flash_coaching });
    // A page without a salt gets the rule the bake and the API apply: the field tenant-defaults.json names.
    expect(config.hashidsSalt).toBe('seven.example');
    expect(tenantDefaults.hashidsSaltFallback).toBe('domain');
  });

  it('reads each field against its rule in portal-config.schema.json: a bad one falls back alone, an unknown one is dropped', () => {
    bake(
      JSON.stringify({
        tenantId: 7,
        environment: 'staging',
        integrations: { analyticsConsent: 'never', captchaSiteKey: '', stripePublishableKey: 'pk_test_x1' },
        footer: { supportEmail: 42, unknown: 'dropped' },
        extra: 'not in the schema',
      }),
    );
    const config = readConfig();
    expect(config.environment).toBe('production');
    expect(config.integrations).toEqual({
      analyticsContainerId: null,
      analyticsConsent: 'required',
      captchaSiteKey: null,
      stripePublishableKey: 'pk_test_x1',
      avatarService: true,
    });
    expect(config.footer).toEqual({ supportEmail: undefined });
    expect(Object.keys(config).sort()).toEqual(Object.keys(portalConfigSchema.properties).sort());
  });
});
