// api/src/graphql/schema-types.ts is generated from the /gapi schema; a schema edit without
// `npm run graphql:types` would leave the resolvers compiling against the old schema, so CI fails instead.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { graphqlTypesSource, typesFile } from './graphql-types.js';

describe('npm run graphql:types', () => {
  it('changes nothing: schema-types.ts is what the /gapi schema generates', async () => {
    expect(await readFile(typesFile, 'utf8')).toBe(await graphqlTypesSource());
  });
});
