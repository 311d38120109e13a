import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, type AnyNode, type ValueNode } from '@humanwhocodes/momoa';
import { escapePointer, ProblemSink, type Located, type Position } from './problem.js';
import { diagnoseSyntaxError, pointerAtOffset } from './syntax-pointer.js';

/** Limits checked before the parser runs, so a hostile file costs neither memory nor the call stack. */
export const MAX_FILE_BYTES = 1024 * 1024;
const MAX_DEPTH = 64;

/** Keys that would reach or replace an object's prototype if any code ever copied the config naively. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The parser is recursive, so 10,000 nested brackets would overflow the stack. This linear scan (strings and
 * escapes skipped) finds the first place that goes deeper than MAX_DEPTH. It also counts the object members
 * written (a ':' outside strings is only ever a member's), which tells JSON.parse's value whether a key was
 * written twice (plainValue).
 */
function scanStructure(text: string): { deep: (Position & { offset: number }) | null; members: number } {
  let depth = 0;
  let members = 0;
  let line = 1;
  let lineStart = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
      else if (ch === '\n') [line, lineStart] = [line + 1, i + 1];
    } else if (ch === '"') inString = true;
    else if (ch === ':') members += 1;
    else if (ch === '{' || ch === '[') {
      depth += 1;
      if (depth > MAX_DEPTH) return { deep: { line, column: i - lineStart + 1, offset: i }, members };
    } else if (ch === '}' || ch === ']') depth -= 1;
    else if (ch === '\n') [line, lineStart] = [line + 1, i + 1];
  }
  return { deep: null, members };
}

/** The keys of every object in a parsed value, or -1 at the first forbidden one. */
function countKeys(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let count = 0;
  for (const key of Array.isArray(value) ? [] : Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return -1;
    count += 1;
  }
  for (const child of Object.values(value)) {
    const inner = countKeys(child);
    if (inner < 0) return -1;
    count += inner;
  }
  return count;
}

/**
 * The value by JSON.parse, when the tree would add nothing to it: valid JSON (what JSON.parse accepts momoa does,
 * as the same value) with no key written twice (JSON.parse keeps the last silently, so its value then has fewer
 * keys than the text has members) and no forbidden key. A fleet's publish reads 1,000 files this way at a
 * fraction of the tree's cost; any other file is parsed into the tree for its problems and their positions.
 */
function plainValue(text: string, members: number): { value: unknown } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return countKeys(value) === members ? { value } : null;
}

/** Every position of a file plainValue read: its tree, built as for a file with problems. */
function locationsOf(text: string): Map<string, Located> {
  const sink = new ProblemSink('');
  build((parse(text, { mode: 'json' }) as { body: ValueNode }).body, '', sink);
  return sink.locations;
}

const TOKEN_NAMES: Record<string, string> = {
  Comma: '","',
  Colon: '":"',
  LBrace: '"{"',
  RBrace: '"}"',
  LBracket: '"["',
  RBracket: '"]"',
  String: 'text',
  Number: 'number',
};

/** momoa says "Unexpected token Comma found. (2:9)"; people read 'unexpected "," here'. */
function plainSyntaxMessage(raw: string): string {
  const message = raw
    .replace(/\s*\(\d+:\d+\)\s*$/, '')
    .replace(/\.$/, '')
    .replace(
      /^Unexpected token (\w+) found$/,
      (_, token: string) => `unexpected ${TOKEN_NAMES[token] ?? token}`,
    )
    .replace(/^Unexpected character '(.*)' found$/s, 'unexpected character "$1"')
    .replace(
      /^Unexpected identifier '(.*)' found$/s,
      'unexpected "$1" (text needs double quotes; the only bare words are true, false and null)',
    )
    .replace(/^Unexpected end of input found$/, 'the file ends too early (a missing "}" or "]"?)');
  return message;
}

/** Builds the plain value from the tree, recording every node's position and reporting key problems. */
function build(node: ValueNode, pointer: string, sink: ProblemSink): unknown {
  sink.locations.set(pointer, { ...sink.locations.get(pointer), value: node.loc.start });
  switch (node.type) {
    case 'Object': {
      const result: Record<string, unknown> = {};
      const seen = new Map<string, Position>();
      for (const member of node.members) {
        const key = member.name.type === 'String' ? member.name.value : member.name.name;
        const childPointer = `${pointer}/${escapePointer(key)}`;
        const keyAt = member.name.loc.start;
        if (FORBIDDEN_KEYS.has(key)) {
          sink.add({
            pointer: childPointer,
            keyword: 'forbiddenKey',
            position: keyAt,
            message: `the key "${key}" is not allowed (it could alter object prototypes)`,
          });
          continue;
        }
        const first = seen.get(key);
        if (first) {
          sink.add({
            pointer: childPointer,
            keyword: 'duplicateKey',
            position: keyAt,
            message: `duplicate key "${key}": first at ${first.line}:${first.column}, again at ${keyAt.line}:${keyAt.column}`,
            suggestion: 'keep one of the two',
          });
        }
        seen.set(key, keyAt);
        sink.locations.set(childPointer, { key: keyAt, value: member.value.loc.start });
        // defineProperty creates an own data property whatever the key; plain assignment could run setters.
        Object.defineProperty(result, key, {
          value: build(member.value, childPointer, sink),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return result;
    }
    case 'Array':
      return node.elements.map((element, index) => build(element.value, `${pointer}/${index}`, sink));
    case 'Null':
      return null;
    case 'String':
    case 'Number':
    case 'Boolean':
      return node.value;
    default:
      // NaN, Infinity and identifiers exist only in JSON5, which is not parsed here.
      return undefined;
  }
}

/** The parsed value, or undefined when the file cannot be read as JSON (the reason is in the sink). */
export async function parseTenantFile(
  file: string,
  sink: ProblemSink,
): Promise<{ value: unknown } | undefined> {
  let size: number;
  try {
    // The synchronous calls, as for the assets (assets.ts): a fleet's files cost microseconds each that way.
    const info = statSync(file);
    if (!info.isFile()) {
      sink.add({ pointer: '', keyword: 'file', message: 'tenant.json is not a regular file' });
      return undefined;
    }
    // A symlinked tenant.json must not make the CLI read (and echo in code frames) a file from elsewhere.
    const [real, realDir] = [realpathSync.native(file), realpathSync.native(path.dirname(file))];
    if (path.dirname(real) !== realDir) {
      sink.add({
        pointer: '',
        keyword: 'file',
        message: 'tenant.json is a symlink to a file outside the tenant folder',
      });
      return undefined;
    }
    size = info.size;
  } catch {
    sink.add({
      pointer: '',
      keyword: 'file',
      message: 'this tenant folder has no tenant.json',
      suggestion: 'create one with `portal init <slug>`',
    });
    return undefined;
  }
  if (size > MAX_FILE_BYTES) {
    sink.add({
      pointer: '',
      keyword: 'maxSize',
      message: `the file is ${megabytes(size)}; a tenant config must be at most 1 MB`,
    });
    return undefined;
  }
  let text: string;
  try {
    // fatal: bytes that are not UTF-8 are an error, not silent U+FFFD; a leading BOM is dropped by default.
    text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
  } catch {
    sink.add({ pointer: '', keyword: 'encoding', message: 'the file is not UTF-8 text' });
    return undefined;
  }
  const { deep, members } = scanStructure(text);
  if (deep) {
    sink.add({
      pointer: pointerAtOffset(text, deep.offset),
      keyword: 'maxDepth',
      position: { line: deep.line, column: deep.column },
      message: `objects and arrays are nested more than ${MAX_DEPTH} levels deep`,
    });
    return undefined;
  }
  const plain = plainValue(text, members);
  if (plain) {
    sink.locateLater(() => locationsOf(text));
    return plain;
  }
  let tree: AnyNode;
  try {
    tree = parse(text, { mode: 'json' });
  } catch (error) {
    const {
      line = 1,
      column = 1,
      offset,
      message,
    } = error as Error & Partial<Position> & { offset?: number };
    const diagnosis = offset === undefined ? null : diagnoseSyntaxError(text, offset);
    sink.add({
      pointer: diagnosis?.pointer ?? '',
      keyword: 'syntax',
      position: diagnosis?.expected?.position ?? { line, column },
      message: `not valid JSON: ${diagnosis?.expected?.message ?? plainSyntaxMessage(message)}`,
    });
    return undefined;
  }
  return { value: build((tree as { body: ValueNode }).body, '', sink) };
}
