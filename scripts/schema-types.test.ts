// contracts/<name>.ts is generated from contracts/<name>.schema.json; a schema edit without `npm run contracts:types`
// would leave the API, the app and the CLI compiling against the old shape, so CI fails on the difference.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED, typesFile, typesSource } from './schema-types.js';

interface Schema {
  $defs: Record<string, { properties: Record<string, object> }>;
  properties: Record<string, object>;
}

const json = async (file: string) =>
  JSON.parse(await readFile(new URL(`../contracts/${file}`, import.meta.url), 'utf8')) as Schema;

describe('npm run contracts:types', () => {
  it.each(GENERATED.map((generated) => [generated.file, generated]))(
    'changes nothing: contracts/%s.ts is what its schema generates',
    async (file, generated) => {
      expect(await readFile(typesFile(file), 'utf8')).toBe(await typesSource(generated));
    },
  );
});

// The flags are listed once, in flags.schema.json; every other schema that carries them refers there.
describe('the training flags', () => {
  it('are filled in full wherever a schema requires all of them', async () => {
    const { flags, filledFlags } = (await json('flags.schema.json')).$defs;
    expect(filledFlags).toEqual({
      type: 'object',
      $ref: '#/$defs/flags',
      required: Object.keys(flags!.properties),
    });
  });

  it('each have a default, a title and a description', async () => {
    const { flags } = (await json('flags.schema.json')).$defs;
    for (const rule of Object.values(flags!.properties)) {
      expect(rule).toEqual({
        type: 'boolean',
        default: expect.any(Boolean),
        title: expect.any(String),
        description: expect.any(String),
      });
    }
  });

  it.each([
    ['tenant.schema.json', 'defaultFlags', 'flags'],
    ['portal-config.schema.json', 'defaultFlags', 'filledFlags'],
    ['user.schema.json', 'trainings', 'filledFlags'],
  ])('%s refers to them for %s', async (file, property, def) => {
    const schema = await json(file);
    expect(schema.properties[property]).toMatchObject({ $ref: `flags.schema.json#/$defs/${def}` });
    const names = Object.keys((await json('flags.schema.json')).$defs.flags!.properties);
    // A flag would be listed as a property of some object inside; a top-level field may share a flag's name
    // (tenant.json's booking settings beside the booking flag), so the top level's keys are not searched.
    const inside = JSON.stringify({ ...schema, properties: Object.values(schema.properties) });
    for (const name of names) expect(inside, 'no flag listed twice').not.toContain(`"${name}"`);
  });
});
