// No import cycles in app/src, api/src or cli/src: an import is refused when the file it names leads back, through
// any chain of imports (type-only and dynamic ones too), to the importing file. A type-only cycle costs nothing at
// run time but ties two modules into one unit that neither side can move or test alone, and it is how a real one
// starts. A local rule for the reason app-layers.js gives; the other files' imports are read from disk with
// TypeScript's own import scanner (no type checking), once per file and lint run.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a specifier names: the alias or a relative path, '.js' written for the '.ts' source (ESM style). */
function resolveFrom(importer, specifier, alias) {
  let base;
  for (const [prefix, folder] of Object.entries(alias))
    if (specifier.startsWith(prefix)) base = path.join(folder, specifier.slice(prefix.length));
  if (base === undefined && specifier.startsWith('.')) base = path.resolve(path.dirname(importer), specifier);
  if (base === undefined) return undefined;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext)];
  if (/\.jsx?$/.test(base)) candidates.unshift(base.replace(/\.js(x?)$/, '.ts$1'));
  return candidates.find((file) => /\.tsx?$/.test(file) && fs.existsSync(file) && fs.statSync(file).isFile());
}

const importsCache = new Map();

function importsOf(file, alias) {
  const { mtimeMs } = fs.statSync(file);
  const cached = importsCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.imports;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const imports = [
    ...new Set(importedFiles.map((entry) => resolveFrom(file, entry.fileName, alias)).filter(Boolean)),
  ];
  importsCache.set(file, { mtimeMs, imports });
  return imports;
}

/** A chain of imports from `start` back to `target`, or undefined. */
function pathBack(start, target, alias) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const chain = queue.shift();
    for (const next of importsOf(chain.at(-1), alias)) {
      if (next === target) return chain;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push([...chain, next]);
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only ones included.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          alias: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['root'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, alias: relativeAlias = {} } = context.options[0];
    const alias = Object.fromEntries(
      Object.entries(relativeAlias).map(([prefix, folder]) => [prefix, path.join(root, folder)]),
    );
    const file = context.filename;
    const shown = (f) => path.relative(root, f).split(path.sep).join('/');

    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const imported = resolveFrom(file, source.value, alias);
      if (imported === undefined || imported === file) return;
      const chain = pathBack(imported, file, alias);
      if (chain)
        context.report({
          node: source,
          message: `Import cycle: ${[file, ...chain, file].map(shown).join(' -> ')}. Move what both sides need into a module of its own.`,
        });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
