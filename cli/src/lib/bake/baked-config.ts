/**
 * The config baked into each page (contracts/portal-config.schema.json), from tenant.json and the tenant defaults
 * (contracts/tenant-defaults.json, which the API and the app read too, so all three fill a missing field alike).
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import flagsSchema from '../../../../contracts/flags.schema.json' with { type: 'json' };
import configSchema from '../../../../contracts/portal-config.schema.json' with { type: 'json' };
import tenantSchema from '../../../../contracts/tenant.schema.json' with { type: 'json' };
import { fillFlags } from '../../../../contracts/training-flags.js';
import { keptValidator } from '../kept-validator.js';
import { themeSchema } from '../tenants/colors.js';
import { TENANT_DEFAULTS } from '../tenants/defaults.js';
import type { TenantConfig } from '../tenants/types.js';

/** 'development' under `npm run dev`: the crash screen shows stacks and the dev server itself serves /themes. */
export type Environment = 'production' | 'development';

/** The salt when tenant.json sets none: the value of the field tenant-defaults.json names (the domain). */
function fallbackSalt(config: TenantConfig): string {
  const field = TENANT_DEFAULTS.hashidsSaltFallback;
  const value: unknown = new Map(Object.entries(config)).get(field);
  if (typeof value !== 'string')
    throw new Error(`tenant-defaults.json: hashidsSaltFallback "${field}" is no text field.`);
  return value;
}

export function bakedConfig(config: TenantConfig, version: string, environment: Environment = 'production') {
  const { themeUrl } = TENANT_DEFAULTS;
  const baked = {
    tenantId: config.id,
    version,
    name: config.name,
    domain: config.domain,
    apiUrl: config.apiUrl,
    themeUrl: environment === 'development' ? themeUrl : (config.themeUrl ?? themeUrl),
    // The API derives the same salt from the same tenant.json, so encoded user ids agree on both sides.
    hashidsSalt: config.hashidsSalt ?? fallbackSalt(config),
    // Shown as written (tenant.schema.json's $defs/footer, which the config schema refers to): copied whole.
    footer: config.footer ?? {},
    defaultFlags: fillFlags(config.defaultFlags),
    integrations: {
      analyticsContainerId: config.integrations?.analyticsContainerId ?? null,
      analyticsConsent: config.integrations?.analyticsConsent ?? 'required',
      captchaSiteKey: config.integrations?.captchaSiteKey ?? null,
      stripePublishableKey: config.integrations?.stripePublishableKey ?? null,
      avatarService: config.integrations?.avatarService ?? true,
    },
    environment,
  };
  checkBakedConfig(baked);
  return baked;
}

let validate: ValidateFunction | null = null;

/**
 * The app trusts the page's config only as far as its types; the whole contract is checked here, before the
 * page is written. tenant.json was validated already, so a failure is a bug in the bake: it names the field.
 */
export function checkBakedConfig(value: unknown): void {
  // The flags are flags.schema.json's and the footer tenant.schema.json's, which the config schema refers to
  // (and tenant.schema.json to the theme's colours, with their x-sameAs annotation).
  validate ??= keptValidator('portal-config', configSchema, [flagsSchema, themeSchema(), tenantSchema], {
    allErrors: true,
    keywords: ['x-sameAs'],
  });
  if (validate(value)) return;
  const problems = (validate.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`,
  );
  throw new Error(
    `The baked config does not match contracts/portal-config.schema.json: ${problems.join('; ')}.`,
  );
}
