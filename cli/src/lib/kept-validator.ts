/**
 * A JSON Schema validator compiled once and kept: compiling a schema costs a tenth to a quarter of a second, more
 * than the rest of a warm build, so the compiled code (ajv's standalone output, a function with no link to the
 * schema files) is kept in .portal/cache/validators/ under the digest of the schemas, the options and the ajv
 * version. A later process requires that file; only the first check after a schema change compiles.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Ajv2020 from 'ajv/dist/2020.js';
import type { Options, ValidateFunction } from 'ajv/dist/2020.js';
import { REPO_ROOT } from './context.js';
import { sha256 } from './digest.js';

const require = createRequire(import.meta.url);

/**
 * ajv itself, required at the first compile rather than imported: a publish of unchanged tenants compiles
 * nothing, and ajv costs a tenth of a second to load.
 */
export function newAjv(options: Options): Ajv2020 {
  const { default: Ajv } = require('ajv/dist/2020.js') as { default: typeof Ajv2020 };
  return new Ajv(options);
}

/**
 * The validator of `schema` with `refs` added beside it: the kept one when there is one for exactly these
 * schemas and options, else compiled (and kept). Options must be plain data: they are part of the key.
 */
export function keptValidator(
  name: string,
  schema: object,
  refs: object[],
  options: Options,
): ValidateFunction {
  const { version } = require('ajv/package.json') as { version: string };
  const key = sha256(JSON.stringify({ schema, refs, options, version }));
  const file = path.join(REPO_ROOT, '.portal', 'cache', 'validators', `${name}-${key}.cjs`);
  try {
    return require(file) as ValidateFunction;
  } catch {
    // Not compiled yet for these schemas: below.
  }
  const ajv = newAjv({ ...options, code: { source: true } });
  for (const ref of refs) ajv.addSchema(ref);
  const validate = ajv.compile(schema);
  try {
    const { default: standaloneCode } = require('ajv/dist/standalone/index.js') as {
      default: (ajv: Ajv2020, validate: ValidateFunction) => string;
    };
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, standaloneCode(ajv, validate));
    renameSync(tmp, file);
  } catch {
    // Only a cache: a checkout that cannot be written compiles each time.
  }
  return validate;
}
