/** The shapes the tenant loader hands to every command (validate, list, build, publish, serve). */
import type { TenantConfig } from '../../../../contracts/tenant.js';
import type themeSchema from '../../../../contracts/theme.schema.json';

// A valid tenant.json is the type generated from tenant.schema.json (`npm run contracts:types`), the one the API
// reads its part of too.
export type { TenantConfig };

// The colour keys are theme.schema.json's $defs/colors (the app derives its list from the same place).
export type ColorKey = keyof typeof themeSchema.$defs.colors.properties;

export type Colors = Record<ColorKey, string>;

/** The default brand or an extra one: colours (any of the keys above) and images. */
export type BrandConfig = NonNullable<TenantConfig['theme']>;

export type Assets = NonNullable<BrandConfig['assets']>;

export type Severity = 'error' | 'warning';

/** One problem of a validation report; the `--json` report is an array of these. */
export interface Problem {
  file: string;
  pointer: string;
  line: number;
  column: number;
  keyword: string;
  message: string;
  suggestion: string | null;
  severity: Severity;
}

interface LoadedFile {
  slug: string;
  /** Absolute path of tenants/<slug>/. */
  dir: string;
  /** Absolute path of tenants/<slug>/tenant.json. */
  file: string;
  problems: Problem[];
  /**
   * The parsed file even when it is invalid (undefined when it is not JSON). Not schema-checked: for display
   * only, e.g. `portal list` showing the id and name of a broken tenant.
   */
  raw?: unknown;
}

/** A tenant with no error-severity problem: its config is there, typed, and safe to bake or publish. */
export interface ValidTenant extends LoadedFile {
  config: TenantConfig;
}

/** A tenant with at least one error: only its problems (and the raw file, for display) are usable. */
export interface InvalidTenant extends LoadedFile {
  config: null;
}

/** What the loader hands every command: `config` tells the two apart, so no command has to assert it. */
export type LoadedTenant = ValidTenant | InvalidTenant;
