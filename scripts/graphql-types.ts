// `npm run graphql:types`: writes api/src/graphql/schema-types.ts, the TypeScript form of the /gapi schema, so
// the resolvers take their arguments and owe their answers as the schema declares them instead of as someone
// typed them beside it. A generator over graphql's own schema API: the schema uses only the built-in scalars,
// objects, enums, inputs and lists, which this covers in a page, where a code generator would bring a tool
// chain and a config file for the same output. scripts/graphql-types.test.ts fails when the checked-in file
// is not what this writes.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import type { GraphQLArgument, GraphQLInputType, GraphQLNamedType, GraphQLOutputType } from 'graphql';
import { format, resolveConfig } from 'prettier';
import { buildApiSchema } from '../api/src/graphql/api-schema.js';
import { FLAG_NAMES } from '../contracts/training-flags.js';

export const typesFile = fileURLToPath(new URL('../api/src/graphql/schema-types.ts', import.meta.url));

const scalars: Record<string, string> = {
  Int: 'number',
  Float: 'number',
  String: 'string',
  Boolean: 'boolean',
  ID: 'string',
};

/**
 * The /gapi types that api-schema.ts builds at run time from a JSON Schema (a field per flag of
 * flags.schema.json): each is written as that schema's generated type, after checking that its fields are the
 * schema's, so a new flag changes flags.schema.json and its generated file, not this one.
 */
const FROM_SCHEMAS: Record<string, { type: string; from: string; fields: readonly string[] }> = {
  Trainings: { type: 'Flags', from: '../../../contracts/flags.js', fields: FLAG_NAMES },
};

const doc = (description: string | null | undefined) =>
  description ? `/** ${description.replace(/\*\//g, '*\\/')} */\n` : '';

/** A type's TypeScript form; answers may hold read-only lists, arguments arrive as arrays. */
function tsType(
  type: GraphQLOutputType | GraphQLInputType,
  output: boolean,
  nullable = !isNonNullType(type),
): string {
  const inner = getNullableType(type);
  let ts: string;
  if (isListType(inner)) {
    const item = tsType(inner.ofType, output);
    ts = output ? `readonly ${item}[]` : `${item}[]`;
  } else if (isScalarType(inner)) {
    const scalar = scalars[inner.name];
    if (!scalar) throw new Error(`No TypeScript type for the scalar ${inner.name}.`);
    ts = scalar;
  } else ts = inner.name;
  return nullable ? `Maybe<${ts}>` : ts;
}

/**
 * A field or an argument. A nullable one may be left out. An argument with a default is always there, typed
 * by its default's type (as GraphQL Code Generator's resolvers do): graphql passes it whenever the query does not.
 */
function member(
  name: string,
  type: GraphQLOutputType | GraphQLInputType,
  output: boolean,
  hasDefault = false,
): string {
  if (hasDefault && !isNonNullType(type)) return `${name}: ${tsType(type, output, false)};`;
  return `${name}${isNonNullType(type) ? '' : '?'}: ${tsType(type, output)};`;
}

const args = (list: readonly GraphQLArgument[]) =>
  `{ ${list.map((arg) => member(arg.name, arg.type, false, arg.defaultValue !== undefined)).join(' ')} }`;

function declaration(type: GraphQLNamedType): string {
  const fromSchema = FROM_SCHEMAS[type.name];
  if (fromSchema) {
    const fields = isObjectType(type) ? Object.values(type.getFields()) : [];
    const same =
      fields.length === fromSchema.fields.length &&
      fields.every((field, i) => field.name === fromSchema.fields[i] && String(field.type) === 'Boolean!');
    if (!same) throw new Error(`${type.name} is not a Boolean! field per name of ${fromSchema.type}.`);
    return `${doc(type.description)}type ${type.name} = ${fromSchema.type};`;
  }
  if (isEnumType(type))
    return `${doc(type.description)}type ${type.name} = ${type
      .getValues()
      .map((value) => `'${value.name}'`)
      .join(' | ')};`;
  const output = isObjectType(type);
  if (!output && !isInputObjectType(type)) return '';
  const fields = Object.values(type.getFields()).map(
    (field) =>
      `${doc(field.description)}${member(field.name, field.type, output, 'defaultValue' in field && field.defaultValue !== undefined)}`,
  );
  return `${doc(type.description)}interface ${type.name} {\n${fields.join('\n')}\n}`;
}

/** The text schema-types.ts must hold for the schema as it is now. */
export async function graphqlTypesSource(): Promise<string> {
  const schema = buildApiSchema();
  const roots = [schema.getQueryType(), schema.getMutationType()].filter((root) => root != null);
  const rootNames = roots.map((root) => root.name);
  const named = Object.values(schema.getTypeMap()).filter(
    (type) => !type.name.startsWith('__') && !isScalarType(type) && !rootNames.includes(type.name),
  );
  const resolvers = roots.map(
    (root) =>
      `/** A resolver for each field of ${root.name}. */\nexport interface ${root.name}Resolvers {\n${Object.values(
        root.getFields(),
      )
        .map(
          (field) =>
            `${doc(field.description)}${field.name}: Resolver<${args(field.args)}, ${tsType(field.type, true)}>;`,
        )
        .join('\n')}\n}`,
  );
  const fromSchemas = named.flatMap((type) => {
    const fromSchema = FROM_SCHEMAS[type.name];
    return fromSchema ? [`import type { ${fromSchema.type} } from '${fromSchema.from}';`] : [];
  });
  const header = [
    '// Generated from the /gapi schema (api-schema.ts) by `npm run graphql:types`: edit the schema, not this file.',
    "import type { GraphQLResolveInfo } from 'graphql';",
    "import type { MercuriusContext } from 'mercurius';",
    ...fromSchemas,
    '',
    'type Maybe<T> = T | null;',
    '',
    '/** A root field: its arguments as the schema declares them, and what it must answer. */',
    'type Resolver<Args, Answer> = (root: unknown, args: Args, ctx: MercuriusContext, info: GraphQLResolveInfo) => Answer | Promise<Answer>;',
  ].join('\n');
  const source = [header, ...named.map(declaration).filter(Boolean), ...resolvers].join('\n\n') + '\n';
  return format(source, { ...(await resolveConfig(typesFile)), filepath: typesFile });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(typesFile, await graphqlTypesSource());
}
