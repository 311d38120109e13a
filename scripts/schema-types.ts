// `npm run contracts:types`: writes the TypeScript form of the JSON Schemas the rooms share (contracts/<name>.ts
// beside contracts/<name>.schema.json), which the API, the app and the CLI import (rooms may not import each
// other, but all read contracts/). TypeScript cannot read a JSON file's literal types, so each schema is copied
// `as const` and json-schema-to-ts derives its type; scripts/schema-types.test.ts fails when a checked-in file
// is not what this writes.
//
// References are resolved here, so each constant is a plain schema that ajv (the API's response schemas), the
// app's config reader and json-schema-to-ts take as it is: a `$defs` entry the file refers to is a constant of
// its own, spread where it is referred to, and a reference to flags.schema.json spreads the imported flags
// constant. A new flag therefore changes flags.schema.json and flags.ts only. A reference to a `$defs` entry of
// another generated schema spreads the constant that schema's file exports for it (tenant.schema.json's footer
// fields, in the baked config's), so a new footer field changes tenant.schema.json and tenant.ts only.
// theme.schema.json's colours are not generated (their key list is read from the JSON, and a new colour stays a
// one-schema edit): a reference to them types as an object of strings.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

interface Generated {
  /** contracts/<file>.schema.json, and contracts/<file>.ts written from it. */
  file: string;
  /** The exported constant. */
  constant: string;
  /** What the file says of itself. */
  doc: string;
  /** The exported types, each `[name, FromSchema's argument, doc]`. */
  types: [string, string, string][];
}

const flagsConstant = 'flagsSchema';
const noDefaults = '{ keepDefaultedPropertiesOptional: true }';

export const GENERATED: readonly Generated[] = [
  {
    file: 'flags',
    constant: flagsConstant,
    doc: 'The training flags (flags.schema.json): each flag with its title, description and default.',
    types: [
      [
        'Flags',
        `typeof ${flagsConstant}.$defs.filledFlags`,
        "Every training flag, set: a user's trainings, a baked config's defaultFlags.",
      ],
    ],
  },
  {
    file: 'user',
    constant: 'userSchema',
    doc: 'The logged-in user of SPEC §3 (user.schema.json).',
    types: [['User', 'typeof userSchema', 'The logged-in user of SPEC §3.']],
  },
  {
    file: 'tenant',
    constant: 'tenantSchema',
    doc: "A tenant's tenants/<slug>/tenant.json (tenant.schema.json), as `portal validate` accepts it.",
    types: [
      [
        'TenantConfig',
        `typeof tenantSchema, ${noDefaults}`,
        'A valid tenant.json: a field it leaves out is undefined (its default is applied by its reader).',
      ],
    ],
  },
  {
    file: 'portal-config',
    constant: 'portalConfigSchema',
    doc: 'The config `portal build` bakes into each page (portal-config.schema.json).',
    types: [['PortalConfig', 'typeof portalConfigSchema', 'The baked config, every field filled.']],
  },
  {
    file: 'mail-message',
    constant: 'mailMessageSchema',
    doc: 'One outgoing mail (mail-message.schema.json).',
    types: [['MailMessage', 'typeof mailMessageSchema', 'One outgoing plain-text mail.']],
  },
];

const contractsDir = new URL('../contracts/', import.meta.url);
export const typesFile = (file: string): string => fileURLToPath(new URL(`${file}.ts`, contractsDir));

const isSchema = (value: Json): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pointer(root: Schema, path: string): Json {
  return path
    .split('/')
    .filter(Boolean)
    .reduce<Json>((node, key) => (isSchema(node) ? (node[key] ?? null) : null), root);
}

/** A reference, held until it is written as a spread of the constant it names. */
const REF = '\u0000ref:';

/** The `$defs` entry a reference to `#/$defs/<name>` names, in its file or (`other.schema.json#…`) another. */
const defName = ($ref: string, path: string, file: string): string => {
  const name = /^\/\$defs\/(\w+)$/.exec(path)?.[1];
  if (!name) throw new Error(`${file}.schema.json: ${$ref} is no $defs entry`);
  return name;
};

/**
 * Copies the schema with each reference marked: to its own `$defs/<name>`, to flags.schema.json, or to a
 * `$defs` entry of another generated schema (imported from its file, which exports it: `imports` collects
 * them).
 */
function resolve(node: Json, root: Schema, file: string, imports: Map<string, Set<string>>): Json {
  if (Array.isArray(node)) return node.map((item) => resolve(item, root, file, imports));
  if (!isSchema(node)) return node;
  const { $ref, ...rest } = node;
  const siblings = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, resolve(v, root, file, imports)]),
  );
  if (typeof $ref !== 'string') return siblings;
  const [target = '', path = ''] = $ref.split('#');
  if (target === '') {
    const name = defName($ref, path, file);
    if (!isSchema(pointer(root, path))) throw new Error(`${file}.schema.json: ${$ref} is no $defs entry`);
    return { [REF]: name, ...siblings };
  }
  if (target === 'flags.schema.json') {
    const expression = `${flagsConstant}${path
      .split('/')
      .filter(Boolean)
      .map((k) => `.${k}`)
      .join('')}`;
    return { [REF]: expression, ...siblings };
  }
  if (target === 'theme.schema.json')
    return { type: 'object', additionalProperties: { type: 'string' }, ...siblings };
  const other = GENERATED.find((generated) => target === `${generated.file}.schema.json`);
  if (other) {
    const name = defName($ref, path, file);
    imports.set(other.file, (imports.get(other.file) ?? new Set()).add(name));
    return { [REF]: name, ...siblings };
  }
  throw new Error(`${file}.schema.json: no generated form for ${$ref}`);
}

/** The constant's source: JSON, except that each marked reference is a spread of the constant it names. */
function source(node: Json): string {
  if (Array.isArray(node)) return `[${node.map(source).join(', ')}]`;
  if (!isSchema(node)) return JSON.stringify(node);
  return `{${Object.entries(node)
    .map(([key, value]) => (key === REF ? `...${String(value)}` : `${JSON.stringify(key)}: ${source(value)}`))
    .join(', ')}}`;
}

const readSchema = async (file: string) =>
  JSON.parse(await readFile(new URL(`${file}.schema.json`, contractsDir), 'utf8')) as Schema;

/**
 * What the app reads of a schema (app/src/boot/config.ts checks types, bounds and enums; a footer shows each
 * field's title), at every depth: its descriptions and the string rules it never checks (pattern, maxLength),
 * which the bake checks against the JSON itself, stay out of the login page's JavaScript.
 */
function rulesOnly(node: Json): Json {
  if (Array.isArray(node)) return node.map(rulesOnly);
  if (!isSchema(node)) return node;
  const omitted = ['description', '$comment', 'pattern', 'maxLength'];
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !omitted.includes(key))
      .map(([key, value]) => [key, rulesOnly(value)]),
  );
}

/** The text contracts/<file>.ts must hold for contracts/<file>.schema.json as it is now. */
export async function typesSource({ file, constant, doc, types }: Generated): Promise<string> {
  const schema = await readSchema(file);
  // The file's own annotations stay in the JSON, for editors and readers: nothing reads them from the constant,
  // and the app would carry them in its login page's JavaScript.
  const { title: _title, description: _description, $comment: _comment, ...rules } = schema;
  const imports = new Map<string, Set<string>>();
  const resolved = resolve(rules, schema, file, imports) as Schema;
  // Each `$defs` entry referred to inside the file is declared first (in the file's order, so one may refer to
  // an earlier one), and the schema's $defs spreads it. An entry another schema refers to is exported for its
  // file to spread, as the app reads it (rulesOnly): the app bundles it through that schema (the footer, through
  // the baked config's), and the rest stays in the JSON for editors, the CLI and the bake.
  const defs = isSchema(resolved.$defs ?? null) ? (resolved.$defs as Schema) : {};
  const text = JSON.stringify(resolved);
  const others = await Promise.all(
    GENERATED.filter((generated) => generated.file !== file).map((generated) => readSchema(generated.file)),
  );
  // (flags.schema.json's are spread from flagsConstant, whole: the GraphQL schema reads their descriptions.)
  const exported = (name: string) =>
    file !== 'flags' &&
    others.some((other) => JSON.stringify(other).includes(`"${file}.schema.json#/$defs/${name}"`));
  const referred = Object.keys(defs).filter(
    (name) => exported(name) || text.includes(JSON.stringify({ [REF]: name }).slice(1, -1)),
  );
  const declared = referred.map((name) =>
    exported(name)
      ? `export const ${name} = ${source(rulesOnly(defs[name] ?? null))} as const;`
      : `const ${name} = ${source(defs[name] ?? null)} as const;`,
  );
  for (const name of referred) defs[name] = { [REF]: name };
  const body = source(resolved);
  const lines = [
    `// Generated from ${file}.schema.json by \`npm run contracts:types\`: edit the schema, not this file.`,
    "import type { FromSchema } from 'json-schema-to-ts';",
    ...(body.includes(`...${flagsConstant}`) ? [`import { ${flagsConstant} } from './flags.js';`] : []),
    ...[...imports].map(([other, names]) => `import { ${[...names].join(', ')} } from './${other}.js';`),
    '',
    ...declared,
    ...(declared.length > 0 ? [''] : []),
    `/** ${doc} */`,
    `export const ${constant} = ${body} as const;`,
    ...types.flatMap(([name, argument, typeDoc]) => [
      '',
      `/** ${typeDoc} */`,
      `export type ${name} = FromSchema<${argument}>;`,
    ]),
    '',
  ];
  const target = typesFile(file);
  return format(lines.join('\n'), { ...(await resolveConfig(target)), filepath: target });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const generated of GENERATED) await writeFile(typesFile(generated.file), await typesSource(generated));
}
