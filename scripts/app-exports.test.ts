import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// An export nobody imports is dead code that still looks like an interface: in app/src every export is
// imported somewhere (a test counts: it is a reader too), or the file is the entry. Read with the compiler's own
// resolution, so '@/x', relative paths, lazy `import()`s of pages and Vite's `import.meta.glob` all count.
const root = fileURLToPath(new URL('../', import.meta.url));
const src = path.join(root, 'app/src');
const ENTRY = path.join(src, 'main.tsx');

const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
  .map((name) => path.join(src, name));

const { config } = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);

function exportedNames(file: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of file.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    const exported = modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isDefault = modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    if (ts.isExportAssignment(statement)) names.push('default');
    else if (exported && isDefault) names.push('default');
    else if (exported && ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        names.push(declaration.name.getText(file));
    } else if (exported && 'name' in statement && statement.name) {
      names.push((statement.name as ts.Identifier).text);
    } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause))
        names.push(...statement.exportClause.elements.map((e) => e.name.text));
    }
  }
  return names;
}

/** file -> the names other files import from it ('*' for all of them), and the files that import it. */
function importedNames(): { used: Map<string, Set<string>>; importers: Map<string, Set<string>> } {
  const used = new Map<string, Set<string>>();
  const importers = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, values: string[]) => {
    const set = map.get(key) ?? new Set<string>();
    for (const value of values) set.add(value);
    map.set(key, set);
  };
  const useFile = (from: string, target: string, names: string[]) => {
    add(used, target, names);
    add(importers, target, [from]);
  };
  const use = (from: string, specifier: string, names: string[]) => {
    const resolved = ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved) useFile(from, path.resolve(resolved), names);
  };
  for (const name of files) {
    const file = ts.createSourceFile(name, readFileSync(name, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const names: string[] = [];
        if (clause?.name) names.push('default');
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
        if (bindings && ts.isNamedImports(bindings)) {
          names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
        }
        use(name, node.moduleSpecifier.text, names);
      } else if (
        ts.isExportDeclaration(node) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        use(name, node.moduleSpecifier.text, ['*']);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.getText(file) === 'import.meta.glob' &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        // Vite's glob import (a role's page modules): every file the pattern matches is imported.
        const pattern = path.resolve(path.dirname(name), node.arguments[0].text);
        const matches = new RegExp(
          `^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`,
        );
        for (const matched of files.filter((f) => matches.test(f))) useFile(name, matched, ['*']);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        use(name, node.arguments[0].text, ['*']);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { used, importers };
}

describe('app/src exports', () => {
  it('every export is imported somewhere', () => {
    const { used } = importedNames();
    const unused = files
      .filter((name) => name !== ENTRY && !/\.test\.tsx?$/.test(name))
      .flatMap((name) => {
        const file = ts.createSourceFile(name, readFileSync(name, 'utf8'), ts.ScriptTarget.Latest, true);
        const imported = used.get(name) ?? new Set<string>();
        if (imported.has('*')) return [];
        return exportedNames(file)
          .filter((exported) => !imported.has(exported))
          .map((exported) => `${path.relative(root, name)}: ${exported}`);
      });
    expect(unused).toEqual([]);
  });
});

describe('app/src shared layers', () => {
  // A piece of lib/ or components/ that only one coach or admin feature reaches (through other shared pieces
  // too) is that feature's own and lives in it, as the coach's lesson authoring does in features/coach-lessons.
  // Tests do not count as users: they only exercise a piece.
  it('holds nothing that serves a single coach or admin feature', () => {
    const { importers } = importedNames();
    const shared = (file: string) => /^(lib|components|config)\//.test(path.relative(src, file));
    const usersOf = (file: string, seen = new Set<string>()): Set<string> => {
      const users = new Set<string>();
      seen.add(file);
      for (const importer of importers.get(file) ?? []) {
        if (/\.test\.tsx?$/.test(importer) || seen.has(importer)) continue;
        const where = path.relative(src, importer).split(path.sep);
        if (where[0] === 'features') users.add(where[1]!);
        else if (shared(importer)) for (const user of usersOf(importer, seen)) users.add(user);
        else users.add(where[0]!);
      }
      return users;
    };
    const ownedByOne = files
      .filter((file) => shared(file) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) => {
        const users = [...usersOf(file)];
        return users.length === 1 && /^(coach|admin)-/.test(users[0]!)
          ? [`${path.relative(root, file)}: ${users[0]}`]
          : [];
      });
    expect(ownedByOne).toEqual([]);
  });
});
