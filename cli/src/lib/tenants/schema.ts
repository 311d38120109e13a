import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { REPO_ROOT } from '../context.js';
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
  // verbose: errors carry the failing schema and value, which the plain messages are written from.
  const ajv = new Ajv2020({ allErrors: true, verbose: true });
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
 * Checks one value against the rule for one field, addressed by a pointer into the schema such as
 * "/properties/domain" or "/$defs/color": `portal init` checks its flags and prompt answers with the very
 * rules `portal validate` applies. Returns the plain message, or null when the value is fine.
 */
export function checkField(schemaPointer: string, value: unknown): string | null {
  const { ajv, schemaId, fields } = compile();
  let validate = fields.get(schemaPointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${schemaId}#${schemaPointer}` });
    fields.set(schemaPointer, validate);
  }
  if (validate(value)) return null;
  const [first] = collapse(validate.errors ?? []).map(plainError);
  return first?.message ?? 'is not valid';
}
