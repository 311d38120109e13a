// `npm run schemas:types`: writes schemas/user.ts, the TypeScript form of schemas/user.schema.json, which the
// API and the app both import (rooms may not import each other, but both read schemas/). TypeScript cannot
// read a JSON file's literal types, so the schema is copied `as const` and json-schema-to-ts derives the type
// from it; scripts/schema-types.test.ts fails when the checked-in file is not what this writes.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const schemaFile = fileURLToPath(new URL('../schemas/user.schema.json', import.meta.url));
export const typesFile = fileURLToPath(new URL('../schemas/user.ts', import.meta.url));

/** The text schemas/user.ts must hold for the schema as it is now. */
export async function userTypesSource(): Promise<string> {
  const schema: unknown = JSON.parse(await readFile(schemaFile, 'utf8'));
  const source = [
    '// Generated from user.schema.json by `npm run schemas:types`: edit the schema, not this file.',
    "import type { FromSchema } from 'json-schema-to-ts';",
    '',
    '/** The logged-in user of SPEC §3 (user.schema.json). */',
    `export const userSchema = ${JSON.stringify(schema)} as const;`,
    '',
    'export type User = FromSchema<typeof userSchema>;',
    '',
  ].join('\n');
  return format(source, { ...(await resolveConfig(typesFile)), filepath: typesFile });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(typesFile, await userTypesSource());
}
