import type { ErrorObject } from 'ajv';
import { COLOR_PATTERN } from './colors.js';
import { escapePointer } from './problem.js';
import { SLUG_RULE } from './slug.js';
import { didYouMean } from '../../../../contracts/suggest.js';

/**
 * Turns ajv's errors into the report's plain sentences ('must be a colour like "#14143f"', not 'must match
 * pattern "^#([0-9a-fA-F]{3}..."'). Mostly by keyword, so a field added to the schema gets sensible messages
 * without touching this file; the few rules a person trips over most (colours, hostnames, URLs, asset paths)
 * get their own sentence, and any other pattern falls back to the field's schema description.
 */

export interface PlainError {
  pointer: string;
  keyword: string;
  message: string;
  suggestion: string | null;
  atKey: boolean;
}

type SchemaNode = {
  properties?: Record<string, unknown>;
  required?: string[];
  description?: string;
  pattern?: string;
  const?: unknown;
};

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text in double quotes',
  boolean: 'true or false',
  object: 'an object { ... }',
  array: 'a list [ ... ]',
  null: 'null',
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : 'a fractional number';
  if (typeof value === 'string') return 'text';
  return typeof value === 'object' ? 'an object' : typeof value;
}

const isColorSchema = (error: ErrorObject) =>
  error.schemaPath.startsWith('#/$defs/color/') || error.parentSchema?.pattern === COLOR_PATTERN.source;

const COLOR_MESSAGE = 'must be a colour like "#14143f"';

/**
 * The rule and the value that broke it: without a terminal there is no code frame, and a report that says
 * only "must be a colour" leaves the reader to open the file to see what was wrong. A long value is cut.
 */
const colorMessage = (value: unknown) => {
  const text = String(value);
  return `${COLOR_MESSAGE}, not ${JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text)}`;
};

/** "14143f" is a colour with its "#" forgotten: offer the fix; anything else gets the rule. */
const colorSuggestion = (value: unknown) =>
  typeof value === 'string' && /^([0-9a-f]{3}){1,2}$/i.test(value) ? `"#${value}"` : '#rgb or #rrggbb';

/** Alternatives without a sentence of their own are described by their schema descriptions. */
function alternativesMessage(error: ErrorObject): string {
  const described = (Array.isArray(error.schema) ? (error.schema as SchemaNode[]) : [])
    .map((alternative) => alternative.description?.replace(/\.$/, ''))
    .filter(Boolean);
  if (described.length > 0) return `must be one of: ${described.join('; ')}`;
  const description = (error.parentSchema as SchemaNode | undefined)?.description;
  return `is not valid${description ? `: ${description.replace(/\.$/, '')}` : ''}`;
}

/** anyOf in the tenant schema: URL rules (apiUrl, themeUrl), asset rules (a file or an https URL), others. */
function anyOfMessage(error: ErrorObject): string {
  const value = typeof error.data === 'string' ? error.data : '';
  // Recognised by the alternatives themselves, so a single field checked alone (portal init) reads the same.
  const alternatives = Array.isArray(error.schema) ? (error.schema as SchemaNode[]) : [];
  const isUrl = alternatives.some((alternative) => alternative.const === '/');
  const isAsset = !isUrl && alternatives.some((alternative) => alternative.pattern?.startsWith('^https://'));
  if (!isAsset && !isUrl) return alternativesMessage(error);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'https' && !(scheme === 'http' && isUrl)) {
    return `"${scheme}:" URLs are not allowed here; use ${isAsset ? 'a file in the tenant folder or ' : ''}an https URL`;
  }
  if (isAsset) {
    if (/^[/\\]|^[a-z]:/i.test(value) || /(^|[/\\])\.\.([/\\]|$)/.test(value)) {
      return 'must be a path inside the tenant folder (no "..", not absolute), or an https URL';
    }
    if (!/\.(png|jpe?g|webp|svg|ico)$/.test(value)) {
      return 'must be a .png, .jpg, .webp, .svg or .ico file in the tenant folder, or an https URL';
    }
    return 'must be a file name inside the tenant folder (letters, digits, ".", "-", "_", "/") or an https URL';
  }
  if (scheme === 'http') return 'plain http is allowed only on localhost or 127.0.0.1; use an https URL';
  return 'must be an https URL, an http URL on localhost or 127.0.0.1, or a path on the portal\'s origin such as "/"';
}

function patternMessage(error: ErrorObject): string {
  const pattern = String(error.params.pattern);
  if (pattern.includes('[^<>]')) return 'must not be blank or contain "<" or ">"';
  if (pattern.includes('[a-z0-9-]{0,61}')) return 'must be a lowercase hostname such as portal.acme.com';
  const description = (error.parentSchema as SchemaNode | undefined)?.description;
  return `has the wrong format${description ? `: ${description.replace(/\.$/, '')}` : ''}`;
}

export function plainError(error: ErrorObject): PlainError {
  const base = { pointer: error.instancePath, keyword: error.keyword, suggestion: null, atKey: false };
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const parent = error.parentSchema as SchemaNode | undefined;
      const known = Object.keys(parent?.properties ?? {});
      // A required property that is missing is the likeliest meaning of an unknown key next to it.
      const present = typeof error.data === 'object' && error.data !== null ? Object.keys(error.data) : [];
      const missing = (parent?.required ?? []).filter((name) => !present.includes(name));
      const guess = didYouMean(key, missing) ?? didYouMean(key, known);
      return {
        ...base,
        pointer: `${error.instancePath}/${escapePointer(key)}`,
        atKey: true,
        suggestion: guess,
        message: guess
          ? `unknown property: did you mean "${guess}"?`
          : `unknown property "${key}" (allowed here: ${known.filter((k) => k !== '$schema').join(', ')})`,
      };
    }
    case 'propertyNames': {
      const key = String(params.propertyName);
      return {
        ...base,
        pointer: `${error.instancePath}/${escapePointer(key)}`,
        atKey: true,
        message: `the key "${key}" ${SLUG_RULE}`,
      };
    }
    case 'required':
      return { ...base, message: `missing the required property "${String(params.missingProperty)}"` };
    case 'type':
      if (isColorSchema(error)) return { ...base, message: `${COLOR_MESSAGE}, not ${typeOf(error.data)}` };
      return {
        ...base,
        message: `must be ${TYPE_WORDS[String(params.type)] ?? String(params.type)}, not ${typeOf(error.data)}`,
      };
    case 'minimum':
    case 'maximum':
      return {
        ...base,
        message: `must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}`,
      };
    case 'minLength':
      return {
        ...base,
        message:
          params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`,
      };
    case 'maxLength':
      return { ...base, message: `must be at most ${String(params.limit)} characters` };
    case 'maxProperties':
      return { ...base, message: `may have at most ${String(params.limit)} entries` };
    case 'pattern':
      if (isColorSchema(error))
        return { ...base, message: colorMessage(error.data), suggestion: colorSuggestion(error.data) };
      return { ...base, message: patternMessage(error) };
    case 'anyOf':
      return { ...base, message: anyOfMessage(error) };
    case 'enum':
    case 'const': {
      const allowed = (
        error.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue]
      ).map(String);
      const guess = typeof error.data === 'string' ? didYouMean(error.data, allowed) : null;
      const list = allowed.map((value) => `"${value}"`).join(', ');
      return {
        ...base,
        suggestion: guess,
        message: guess ? `must be one of ${list}: did you mean "${guess}"?` : `must be one of ${list}`,
      };
    }
    default:
      return { ...base, message: error.message ?? 'is not valid' };
  }
}

/**
 * ajv reports an anyOf or propertyNames failure once for itself and once per failed alternative (at its own
 * path or deeper: an alternative that is an object fails on its fields). Only the summary helps a person, so the
 * alternatives' own errors are dropped. An if/then failure is reported by the `then` branch's own errors (a
 * missing property) and once more as "must match "then" schema", which says nothing: that one is dropped.
 */
export function collapse(errors: ErrorObject[]): ErrorObject[] {
  const summaries = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'propertyNames');
  const within = (path: string, summary: string) => path === summary || path.startsWith(`${summary}/`);
  return errors.filter(
    (error) =>
      error.keyword !== 'if' &&
      !summaries.some(
        (summary) =>
          summary !== error &&
          within(error.instancePath, summary.instancePath) &&
          error.schemaPath.startsWith(`${summary.schemaPath}/`),
      ),
  );
}
