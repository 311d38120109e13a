/**
 * The baked tenant config. `portal build` writes it into each tenant's index.html as
 * <script type="application/json" id="portal-config">; nothing at run time can change it, so the tenant id is
 * fixed per build while the compiled JavaScript stays identical across tenants.
 *
 * Its shape is contracts/portal-config.schema.json, which the CLI checks in full (ajv) before writing the page.
 * Here the page is read against the same schema (its generated constant, contracts/portal-config.ts) by a small
 * reader that walks the schema's properties and checks each value's rule (ajv would weigh more than the login
 * page's whole budget allows); a value that does not conform falls back to its default: the tenant defaults
 * from contracts/tenant-defaults.json and the flags' defaults from contracts/flags.schema.json, which the bake and
 * the API read too.
 */
import { portalConfigSchema } from '../../../contracts/portal-config';
import { fillFlags } from '../../../contracts/training-flags';
import * as tenantDefaults from '../../../contracts/tenant-defaults.json';
import type { PortalConfig } from '@/lib/portal-config';

export class ConfigError extends Error {}

/** What a field falls back to when the page lacks it or breaks its rule; the tenant id has none. */
const FALLBACK: Omit<PortalConfig, 'tenantId'> = {
  version: '0.0.0',
  name: 'Coaching Portal',
  domain: '',
  apiUrl: '/',
  themeUrl: tenantDefaults.themeUrl,
  hashidsSalt: null,
  footer: {},
  defaultFlags: fillFlags(),
  integrations: {
    analyticsContainerId: null,
    // Consent is the safe default: anything but a valid 'implied' asks first.
    analyticsConsent: 'required',
    captchaSiteKey: null,
    stripePublishableKey: null,
    avatarService: true,
  },
  environment: 'production',
};

/** The keywords of portal-config.schema.json this reader checks: types, bounds and enums, enough to fail safe. */
interface Rule {
  type?: string | readonly string[];
  minimum?: number;
  minLength?: number;
  enum?: readonly unknown[];
  properties?: Readonly<Record<string, Rule>>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

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

/**
 * The value where it conforms to its rule, else the fallback; an object is read property by property, each
 * the same way, so one bad field never costs the others (and a property the schema lacks is dropped).
 */
function read(rule: Rule, value: unknown, fallback: unknown): unknown {
  if (!rule.properties) return conforms(rule, value) ? value : fallback;
  const given = isRecord(value) ? value : {};
  const fallbacks = isRecord(fallback) ? fallback : {};
  return Object.fromEntries(
    Object.entries(rule.properties).map(([key, inner]) => [key, read(inner, given[key], fallbacks[key])]),
  );
}

/** What the config is read from: the page, or (pre-rendering in Node, where there is none) a stand-in. */
interface ConfigPage {
  getElementById(id: string): Pick<Node, 'textContent'> | null;
}

/** Reads and checks the baked config; a broken page fails loudly instead of talking to the wrong tenant. */
export function readConfig(doc: ConfigPage = document): PortalConfig {
  const element = doc.getElementById('portal-config');
  if (!element?.textContent) throw new ConfigError('This build has no tenant configuration.');
  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent);
  } catch {
    throw new ConfigError('The tenant configuration of this build is not valid JSON.');
  }
  if (!isRecord(raw)) throw new ConfigError('The tenant configuration of this build is not an object.');
  const config = read(portalConfigSchema, raw, FALLBACK) as PortalConfig & { tenantId?: number };
  if (config.tenantId === undefined) {
    throw new ConfigError('The tenant configuration of this build has no valid tenant id.');
  }
  // The bake always writes a salt; an older page without one gets the same rule as the bake and the API.
  const { hashidsSalt: saltRule } = portalConfigSchema.properties;
  config.hashidsSalt ??= read(saltRule, raw[tenantDefaults.hashidsSaltFallback], null) as string | null;
  return config;
}
