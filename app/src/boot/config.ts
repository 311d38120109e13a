/**
 * The baked tenant config. `portal build` writes it into each tenant's index.html as
 * <script type="application/json" id="portal-config">; nothing at run time can change it, so the tenant id is
 * fixed per build while the compiled JavaScript stays identical across tenants.
 *
 * Its shape is schemas/portal-config.schema.json, which the CLI checks in full (ajv) before writing the page.
 * Here each field is checked against its rule in that schema by a small reader (ajv would weigh more than the
 * login page's whole budget allows), and a field that does not conform falls back to its default: the tenant
 * defaults from schemas/tenant-defaults.json, which the bake and the API read too.
 */
import { properties as fields } from '../../../schemas/portal-config.schema.json';
import * as tenantDefaults from '../../../schemas/tenant-defaults.json';
import type { PortalConfig, TrainingFlags } from '@/lib/portal-config';

export class ConfigError extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The keywords of portal-config.schema.json this reader checks: types and bounds, enough to fail safe. */
interface Rule {
  type?: string | string[];
  minimum?: number;
  minLength?: number;
  enum?: readonly unknown[];
}

const TYPE_CHECKS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
};

function conforms(rule: Rule, value: unknown): boolean {
  const types = rule.type === undefined ? [] : [rule.type].flat();
  if (types.length > 0 && !types.some((type) => TYPE_CHECKS[type]?.(value))) return false;
  if (rule.enum && !rule.enum.includes(value)) return false;
  if (typeof value === 'number' && rule.minimum !== undefined && value < rule.minimum) return false;
  if (typeof value === 'string' && rule.minLength !== undefined && value.length < rule.minLength)
    return false;
  return true;
}

/** The value when it conforms to its rule, else undefined (the caller's default applies). */
function field<T>(rule: Rule, value: unknown, is: (v: unknown) => v is T): T | undefined {
  return conforms(rule, value) && is(value) ? value : undefined;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

function readFlags(raw: unknown): TrainingFlags {
  const given = isRecord(raw) ? raw : {};
  const flags = { ...tenantDefaults.defaultFlags };
  for (const key of Object.keys(flags) as (keyof TrainingFlags)[]) {
    flags[key] = field(fields.defaultFlags.properties[key], given[key], isBoolean) ?? flags[key];
  }
  return flags;
}

/** Reads and checks the baked config; a broken page fails loudly instead of talking to the wrong tenant. */
export function readConfig(doc: Document = document): PortalConfig {
  const element = doc.getElementById('portal-config');
  if (!element?.textContent) throw new ConfigError('This build has no tenant configuration.');
  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent);
  } catch {
    throw new ConfigError('The tenant configuration of this build is not valid JSON.');
  }
  if (!isRecord(raw)) throw new ConfigError('The tenant configuration of this build is not an object.');
  const tenantId = field(fields.tenantId, raw.tenantId, (v): v is number => typeof v === 'number');
  if (tenantId === undefined) {
    throw new ConfigError('The tenant configuration of this build has no valid tenant id.');
  }
  const text = (key: 'version' | 'name' | 'domain' | 'apiUrl' | 'themeUrl' | 'hashidsSalt') =>
    field(fields[key], raw[key], isString);
  const integrations = isRecord(raw.integrations) ? raw.integrations : {};
  const integration = (key: 'analyticsContainerId' | 'captchaSiteKey' | 'stripePublishableKey') =>
    field(fields.integrations.properties[key], integrations[key], isString) ?? null;
  return {
    tenantId,
    version: text('version') ?? '0.0.0',
    name: text('name') ?? 'Coaching Portal',
    domain: text('domain') ?? '',
    apiUrl: text('apiUrl') ?? '/',
    themeUrl: text('themeUrl') ?? tenantDefaults.themeUrl,
    defaultFlags: readFlags(raw.defaultFlags),
    integrations: {
      analyticsContainerId: integration('analyticsContainerId'),
      // Anything but a valid 'implied' asks first: consent is the safe default.
      analyticsConsent:
        field(
          fields.integrations.properties.analyticsConsent,
          integrations.analyticsConsent,
          (v): v is 'implied' => v === 'implied',
        ) ?? 'required',
      captchaSiteKey: integration('captchaSiteKey'),
      stripePublishableKey: integration('stripePublishableKey'),
      avatarService:
        field(fields.integrations.properties.avatarService, integrations.avatarService, isBoolean) ?? true,
    },
    // The bake always writes a salt; an older page without one gets the same rule as the bake and the API.
    hashidsSalt:
      text('hashidsSalt') ??
      field(fields.hashidsSalt, raw[tenantDefaults.hashidsSaltFallback], isString) ??
      null,
    environment:
      field(fields.environment, raw.environment, (v): v is 'development' => v === 'development') ??
      'production',
  };
}
