// The one-way layers of app/src (app/README.md), checked on the file an import resolves to, so '@/app/x',
// '../../../app/x' and any other spelling meet the same rule. A local rule rather than a plugin: the import
// plugins resolve through native bindings whose packages for other platforms are missing from the registry
// mirror here, which breaks `npm ci`; resolving the alias and relative paths of app/src is all this needs.
import path from 'node:path';

const inside = (file, folder) => file === folder || file.startsWith(`${folder}/`);

/** @type {import('eslint').Rule.RuleModule} */
export const appLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the one-way layers of app/src.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          alias: { type: 'object', additionalProperties: { type: 'string' } },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'array', items: { type: 'string' } },
                from: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, alias = {}, zones } = context.options[0];
    const relative = (file) => path.relative(root, file).split(path.sep).join('/');
    const importer = relative(context.filename);
    const mine = zones.filter((zone) => zone.target.some((target) => inside(importer, target)));
    if (mine.length === 0) return {};

    // A bare package name resolves to node_modules and belongs to no layer.
    const resolve = (specifier) => {
      for (const [prefix, folder] of Object.entries(alias)) {
        if (specifier.startsWith(prefix)) return `${folder}/${specifier.slice(prefix.length)}`;
      }
      if (specifier.startsWith('.')) return relative(path.resolve(path.dirname(context.filename), specifier));
      return undefined;
    };

    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const imported = resolve(source.value);
      if (imported === undefined) return;
      const zone = mine.find((candidate) => candidate.from.some((from) => inside(imported, from)));
      if (zone) context.report({ node: source, message: zone.message });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
