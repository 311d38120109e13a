import { readFileSync } from 'node:fs';
import path from 'node:path';
import type Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { REPO_ROOT } from '../context.js';
import { keptValidator, newAjv } from '../kept-validator.js';
import { themeSchema } from './colors.js';
import { collapse, plainError, type PlainError } from './messages.js';

/**
 * The tenant schema, loaded and compiled once per process: compiling costs tens of milliseconds, validating a
 * tenant a few microseconds, so `portal validate` over hundreds of tenants stays well under a second.
 */

export const SCHEMA_FILE = path.join(REPO_ROOT, 'contracts/tenant.schema.json');

interface Compiled {
  ajv: Ajv2020;
  schemaId: string;
  validate: ValidateFunction;
  fields: Map<string, ValidateFunction>;
}

/** The schemas a tenant file is checked against: the tenant schema, and those it refers to. */
function schemaSources() {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as { $id: string };
  const flags = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'contracts/flags.schema.json'), 'utf8'),
  ) as object;
  return { schema, refs: [themeSchema(), flags] };
}

// verbose: errors carry the failing schema and value, which the plain messages are written from. The colours
// are theme.schema.json's (a $ref by relative URI), where x-sameAs names the key a colour follows: an
// annotation for the CLI and the app, which ajv's strict mode would otherwise refuse as unknown.
// The training flags are flags.schema.json's, referred to the same way.
const OPTIONS = { allErrors: true, verbose: true, keywords: ['x-sameAs'] };

let compiled: Compiled | null = null;

/** An Ajv instance holding the schemas, for checkField's references into them. */
function compile(): Compiled {
  if (compiled) return compiled;
  const { schema, refs } = schemaSources();
  const ajv = newAjv(OPTIONS);
  for (const ref of refs) ajv.addSchema(ref);
  compiled = { ajv, schemaId: schema.$id, validate: ajv.compile(schema), fields: new Map() };
  return compiled;
}

let tenantValidator: ValidateFunction | null = null;

/** The tenant file's validator, kept compiled between runs (kept-validator.ts). */
function validator(): ValidateFunction {
  if (!tenantValidator) {
    const { schema, refs } = schemaSources();
    tenantValidator = keptValidator('tenant', schema, refs, OPTIONS);
  }
  return tenantValidator;
}

/** Every schema problem of a parsed tenant file, in plain words. */
export function schemaErrors(value: unknown): PlainError[] {
  const validate = validator();
  if (validate(value)) return [];
  // One message per value is enough (an empty name breaks minLength and pattern alike); each missing
  // property still gets its own line.
  const seen = new Set<string>();
  return collapse(validate.errors ?? [])
    .map(plainError)
    .filter((error) => {
      const key = error.keyword === 'required' ? `${error.pointer}\0${error.message}` : error.pointer;
      return seen.has(key) ? false : (seen.add(key), true);
    });
}

/**
 * Checks one value against the rule for one field, addressed by a reference relative to the tenant schema such
 * as "#/properties/domain" or "theme.schema.json#/$defs/color": `portal init` checks its flags and prompt
 * answers with the very rules `portal validate` applies. Returns the plain message, or null when it is fine.
 */
export function checkField(schemaRef: string, value: unknown): string | null {
  const { ajv, schemaId, fields } = compile();
  let validate = fields.get(schemaRef);
  if (!validate) {
    validate = ajv.compile({ $ref: new URL(schemaRef, schemaId).href });
    fields.set(schemaRef, validate);
  }
  if (validate(value)) return null;
  const [first] = collapse(validate.errors ?? []).map(plainError);
  return first?.message ?? 'is not valid';
}
