// The route schemas' side of the plain-text rule (src/plain-text.ts): the `plainText` keyword says what a string
// may hold, "single-line" or "multi-line". Routes are checked when they are registered, so a schema that forgets
// the keyword stops the app from starting.
import type Ajv from 'ajv';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { hasControl, plainTextMessages } from '../plain-text.js';
import type { PlainTextKind as Kind } from '../plain-text.js';

/** The ajv plugin that adds `plainText: "single-line" | "multi-line"` for strings. */
export function plainTextKeyword(ajv: Ajv): Ajv {
  const check = (kind: Kind, data: string) => {
    if (!hasControl(kind, data)) return true;
    check.errors = [{ keyword: 'plainText', message: plainTextMessages[kind], params: { plainText: kind } }];
    return false;
  };
  check.errors = [] as object[];
  return ajv.addKeyword({
    keyword: 'plainText',
    type: 'string',
    schemaType: 'string',
    metaSchema: { enum: Object.keys(plainTextMessages) },
    errors: true,
    validate: check,
  });
}

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null;

/**
 * JSON pointers of the places in `schema` where a string is accepted without `plainText`. A part of a schema
 * with `type` and one of its `anyOf`/`oneOf`/`allOf` members check the same value, so the members are covered
 * when their parent is; a part without `type` (and without members that have one) accepts any string.
 */
export function unguardedStrings(schema: unknown, pointer = '', covered = false): string[] {
  if (!isSchema(schema)) return [];
  const gaps: string[] = [];
  const types = [schema.type].flat();
  const members = (['anyOf', 'oneOf', 'allOf'] as const).filter((k) => Array.isArray(schema[k]));
  if ('type' in schema) {
    if (types.includes('string') && !schema.plainText) gaps.push(pointer);
  } else if (!covered && members.length === 0 && !('enum' in schema) && !('const' in schema)) {
    gaps.push(pointer);
  }
  for (const key of members) {
    (schema[key] as unknown[]).forEach((member, i) => {
      gaps.push(...unguardedStrings(member, `${pointer}/${key}/${i}`, covered || 'type' in schema));
    });
  }
  const properties = isSchema(schema.properties) ? schema.properties : {};
  for (const [name, child] of Object.entries(properties))
    gaps.push(...unguardedStrings(child, `${pointer}/properties/${name}`));
  for (const key of ['items', 'additionalProperties'] as const) {
    if (isSchema(schema[key])) gaps.push(...unguardedStrings(schema[key], `${pointer}/${key}`));
  }
  return gaps;
}

const requestParts = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * Refuses, at registration, a route whose request schema accepts a string without `plainText`. `except` names
 * routes whose schema is a library's: GraphQL's query text is parsed by graphql-js, and its arguments are typed
 * (see the GraphQL test, which allows no free-text argument).
 */
export function requirePlainText(app: FastifyInstance, except: string[]): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (except.includes(route.url)) return;
    for (const part of requestParts) {
      const schema = route.schema?.[part];
      if (schema === undefined) continue;
      const [gap] = unguardedStrings(schema);
      if (gap !== undefined) {
        throw new Error(
          `${String(route.method)} ${route.url}: ${part}${gap} accepts any string; give it plainText ("single-line" or "multi-line").`,
        );
      }
    }
  });
}
