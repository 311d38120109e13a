// schemas/user.ts is generated from schemas/user.schema.json; a schema edit without `npm run schemas:types`
// would leave the API and the app compiling against the old user, so CI fails on the difference instead.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { typesFile, userTypesSource } from './schema-types.js';

describe('npm run schemas:types', () => {
  it('changes nothing: schemas/user.ts is what user.schema.json generates', async () => {
    expect(await readFile(typesFile, 'utf8')).toBe(await userTypesSource());
  });
});
