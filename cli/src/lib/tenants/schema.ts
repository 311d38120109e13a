import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { REPO_ROOT } from '../context.js';
import { themeSchema } from './colors.js';
import { collapse, plainError, type PlainError } from './messages.js';

/**
 * The tenant schema, loaded and compiled once per process: compiling costs tens of milliseconds, validating a
 * tenant a few microseconds, so `portal validate` over hundreds of tenants stays well under a second.
 */

export const SCHEMA_FILE = path.join(REPO_ROOT, 'schemas/tenant.schema.json');

interface Compiled {
  ajv: Ajv2020;
  schemaId: string;
  validate: ValidateFunction;
  fields: Map<string, ValidateFunction>;
}

let compiled: Compiled | null = null;

function compile(): Compiled {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as { $id: string };
  // verbose: errors carry the failing schema and value, which the plain messages are written from. The colours
  // are theme.schema.json's (a $ref by relative URI), where x-sameAs names the key a colour follows: an
  // annotation for the CLI and the app, which ajv's strict mode would otherwise refuse as unknown.
  // The training flags are flags.schema.json's, referred to the same way.
  // Required at the first check, not imported: a publish of unchanged tenants checks none, and ajv costs a tenth
  // of a second to load.
  const { default: Ajv } = createRequire(import.meta.url)('ajv/dist/2020.js') as { default: typeof Ajv2020 };
  const ajv = new Ajv({ allErrors: true, verbose: true, keywords: ['x-sameAs'] });
  ajv.addSchema(themeSchema());
  ajv.addSchema(JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas/flags.schema.json'), 'utf8')));
  compiled = { ajv, schemaId: schema.$id, validate: ajv.compile(schema), fields: new Map() };
  return compiled;
}

/** Every schema problem of a parsed tenant file, in plain words. */
export function schemaErrors(value: unknown): PlainError[] {
  const { validate } = compile();
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
