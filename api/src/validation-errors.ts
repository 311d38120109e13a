// Turns ajv's errors into the contract's 422 body { error: { field: ["sentence"] } }: one key per offending
// field, named as the request names it (so a form can show each sentence next to its field), and a plain
// sentence for each schema keyword, written once here for every route. ajv's own text ('Must match pattern
// "^(https?://\S+)?$"') is for developers, not for the person filling in a form. A pattern or format says
// nothing a person can act on, so a schema whose value a person types carries `mismatch`: the sentence for a
// value of the wrong shape (its pattern, format or anyOf). Keywords of our own write their own (plainText's
// sentences are src/plain-text.ts's).
import type Ajv from 'ajv';
import type { FastifySchemaValidationError } from 'fastify';
import { plainTextMessages } from './plain-text.js';
import type { PlainTextKind } from './plain-text.js';

type Params = Record<string, unknown>;

const count = (n: unknown, one: string, many: string) => (n === 1 ? `1 ${one}` : `${String(n)} ${many}`);

/** A value of this JSON type, said to a person. */
function typeSentence(params: Params): string {
  const types = String(params.type).split(',');
  if (types.includes('integer')) return 'Enter a whole number.';
  if (types.includes('number')) return 'Enter a number.';
  if (types.includes('string')) return 'Enter text.';
  if (types.includes('boolean')) return 'Must be true or false.';
  if (types.includes('array')) return 'Must be a list.';
  return 'This value is not valid.';
}

const formats: Record<string, string> = {
  email: 'Enter an email address, like name@example.com.',
  date: 'Enter a date as YYYY-MM-DD.',
  'date-time': 'Enter a date and time.',
  uri: 'Enter a web address, like https://example.com.',
  uuid: 'This is not a valid id.',
};

/** The sentence of each keyword, from the error's params (ajv's limit, allowed values...). */
const sentences: Record<string, (params: Params) => string> = {
  required: () => 'This field is required.',
  plainText: ({ plainText }) => plainTextMessages[plainText as PlainTextKind],
  additionalProperties: () => 'This field is not allowed.',
  type: typeSentence,
  minLength: ({ limit }) =>
    limit === 1 ? 'This field is required.' : `Enter at least ${count(limit, 'character', 'characters')}.`,
  maxLength: ({ limit }) =>
    limit === 0 ? 'Leave this field empty.' : `Enter at most ${count(limit, 'character', 'characters')}.`,
  minimum: ({ limit }) => `Enter a number of at least ${String(limit)}.`,
  maximum: ({ limit }) => `Enter a number of at most ${String(limit)}.`,
  exclusiveMinimum: ({ limit }) => `Enter a number greater than ${String(limit)}.`,
  exclusiveMaximum: ({ limit }) => `Enter a number less than ${String(limit)}.`,
  enum: ({ allowedValues }) =>
    `Choose one of: ${(Array.isArray(allowedValues) ? allowedValues : []).map(String).join(', ')}.`,
  const: ({ allowedValue }) => `Must be ${String(allowedValue)}.`,
  format: ({ format }) => formats[String(format)] ?? 'This is not in the expected format.',
  pattern: () => 'This is not in the expected format.',
  minItems: ({ limit }) => `Choose at least ${count(limit, 'item', 'items')}.`,
  maxItems: ({ limit }) => `Choose at most ${count(limit, 'item', 'items')}.`,
  uniqueItems: () => 'Each item may appear only once.',
  anyOf: () => 'This value is not valid.',
  oneOf: () => 'This value is not valid.',
};

/** The keywords a schema's `mismatch` sentence speaks for: the value's shape, not its length or presence. */
const shapeKeywords = new Set(['pattern', 'format', 'anyOf', 'oneOf']);

/** The ajv plugin that allows `mismatch: "sentence"` in a schema (an annotation: it validates nothing). */
export function mismatchKeyword(ajv: Ajv): Ajv {
  return ajv.addKeyword({ keyword: 'mismatch', schemaType: 'string' });
}

function fieldOf(error: FastifySchemaValidationError, context: string): string {
  const params = error.params as Params;
  const path = error.instancePath.slice(1).replace(/\//g, '.');
  const child = params.missingProperty ?? params.additionalProperty;
  if (typeof child === 'string') return path ? `${path}.${child}` : child;
  return path || context;
}

function messageOf(error: FastifySchemaValidationError): string {
  // parentSchema is there because ajv runs with `verbose` (app.ts).
  const own = (error as { parentSchema?: { mismatch?: unknown } }).parentSchema?.mismatch;
  if (typeof own === 'string' && shapeKeywords.has(error.keyword)) return own;
  const sentence = sentences[error.keyword];
  if (sentence) return sentence(error.params as Params);
  // Keywords of our own (web addresses) say what is wrong in a sentence already.
  const text = error.message ?? 'is not valid';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function fieldErrors(
  errors: FastifySchemaValidationError[],
  context: string,
): Record<string, string[]> {
  // With anyOf, ajv also reports why each branch failed (not null, not a date, too long...): the anyOf's own
  // sentence says it for that field, so a field with one keeps only that.
  const either = new Set(
    errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => fieldOf(e, context)),
  );
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const field = fieldOf(error, context);
    if (either.has(field) && error.keyword !== 'anyOf' && error.keyword !== 'oneOf') continue;
    const list = (fields[field] ??= []);
    const message = messageOf(error);
    if (!list.includes(message)) list.push(message);
  }
  return fields;
}
