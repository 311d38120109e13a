// Every GraphQL document the app sends is checked against the schema the API serves, with graphql's own
// validation (fields, arguments, variable types and where each variable is used), so a renamed or retyped
// field fails here instead of in a user's browser. The app writes each document as a constant tagged
// `graphql` (app/src/lib/gapi.ts) and gql(), the one function that posts to /gapi, takes nothing else; this
// test reads those constants from the source and also fails when a request is built any other way.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  getNamedType,
  isObjectType,
  Kind,
  parse,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type { GraphQLSchema, OperationDefinitionNode } from 'graphql';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApiSchema } from '../api/src/graphql/api-schema.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const appSrc = join(root, 'app/src');
const gapiModule = join(appSrc, 'lib/gapi.ts');
const contractsDir = join(root, 'contracts/');

interface Source {
  file: string;
  ast: ts.SourceFile;
}

/** A request the app builds: gql('field', DOCUMENT, variables?, …). */
interface Request {
  file: string;
  where: string;
  field: ts.Expression | undefined;
  document: ts.Expression | undefined;
  variables: ts.Expression | undefined;
}

/** The app's own modules: what it ships, not its tests and their fakes. */
async function appSources(): Promise<Source[]> {
  const names = (await readdir(appSrc, { recursive: true })).filter(
    (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.split('/').includes('testing'),
  );
  return Promise.all(
    names.map(async (name) => {
      const file = join(appSrc, name);
      const text = await readFile(file, 'utf8');
      return { file, ast: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true) };
    }),
  );
}

const at = (node: ts.Node) => {
  const source = node.getSourceFile();
  return `${relative(root, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
};

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** The module file an import names ('@/…' is app/src, as in tsconfig.json). */
function moduleFile(from: string, specifier: string): string {
  const base = specifier.startsWith('@/')
    ? join(appSrc, specifier.slice(2))
    : resolve(dirname(from), specifier);
  return /\.tsx?$/.test(base) ? base : `${base}.ts`;
}

/** A file's named imports: the local name, the name exported, and the module file. */
function namedImports(file: string, ast: ts.SourceFile) {
  return ast.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) return [];
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) return [];
    const module = moduleFile(file, statement.moduleSpecifier.text);
    return bindings.elements.map((element) => ({
      local: element.name.text,
      imported: (element.propertyName ?? element.name).text,
      module,
    }));
  });
}

/** The app's documents and requests, read from its source. */
class AppGraphQL {
  /** Every constant tagged `graphql`, by file and name. */
  readonly tagged = new Map<string, ts.TaggedTemplateExpression>();
  readonly requests: Request[] = [];
  readonly problems: string[] = [];
  private readonly byFile = new Map<string, Source>();
  private readonly schemas = new Map<string, Record<string, unknown>>();

  constructor(sources: Source[]) {
    for (const source of sources) this.byFile.set(source.file, source);
    for (const source of sources) this.read(source);
  }

  private read({ file, ast }: Source): void {
    // The names under which this file imports gapi.ts's gql and graphql (an import may rename them).
    const local = { gql: new Set<string>(), graphql: new Set<string>() };
    for (const { local: name, imported, module } of namedImports(file, ast))
      if (module === gapiModule && (imported === 'gql' || imported === 'graphql')) local[imported].add(name);
    walk(ast, (node) => {
      if (ts.isTaggedTemplateExpression(node) && local.graphql.has(node.tag.getText())) {
        const declaration = node.parent;
        if (
          ts.isVariableDeclaration(declaration) &&
          ts.isIdentifier(declaration.name) &&
          declaration.initializer === node &&
          (declaration.parent.flags & ts.NodeFlags.Const) !== 0
        )
          this.tagged.set(`${file}#${declaration.name.text}`, node);
        else this.problems.push(`${at(node)}: a document is written as a const of its own`);
      }
      if (ts.isCallExpression(node) && local.gql.has(node.expression.getText())) {
        const [field, document, variables] = node.arguments;
        this.requests.push({ file, where: at(node), field, document, variables });
      }
      // Only gapi.ts posts to /gapi: a request built elsewhere would bypass the check of its document.
      if (ts.isStringLiteralLike(node) && /^\/gapi\b/.test(node.text) && file !== gapiModule)
        this.problems.push(`${at(node)}: /gapi is requested outside lib/gapi.ts`);
    });
  }

  /** The `graphql` const an identifier names in `file`: declared there or imported from another module. */
  documentNamed(file: string, name: string): string | undefined {
    if (this.tagged.has(`${file}#${name}`)) return `${file}#${name}`;
    const source = this.byFile.get(file);
    const binding = source && namedImports(file, source.ast).find((b) => b.local === name);
    return binding && this.documentNamed(binding.module, binding.imported);
  }

  /** The modules of contracts/ the app imports a value from (FLAG_FIELDS), loaded as the app loads them. */
  async loadSchemas(): Promise<void> {
    const interpolated = [...this.tagged].flatMap(([key, node]) => {
      const file = key.slice(0, key.indexOf('#'));
      const names = ts.isTemplateExpression(node.template)
        ? node.template.templateSpans.map((span) => span.expression.getText())
        : [];
      const imports = namedImports(file, this.byFile.get(file)!.ast);
      return imports.filter((b) => names.includes(b.local) && b.module.startsWith(contractsDir));
    });
    for (const file of new Set(interpolated.map((binding) => binding.module)))
      this.schemas.set(file, (await import(pathToFileURL(file).href)) as Record<string, unknown>);
  }

  /** A text constant of contracts/ that `file` imports as `name` (the flags' fields), as the app receives it. */
  private schemaText(file: string, name: string): string | undefined {
    const source = this.byFile.get(file);
    const binding = source && namedImports(file, source.ast).find((b) => b.local === name);
    const value = binding && this.schemas.get(binding.module)?.[binding.imported];
    return typeof value === 'string' ? value : undefined;
  }

  /**
   * A tagged constant's text, each `${…}` replaced by the fragment constant it names, or by the text of the
   * contracts/ constant it names.
   */
  text(key: string): string {
    const node = this.tagged.get(key)!;
    const file = key.slice(0, key.indexOf('#'));
    const template = node.template;
    if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
    return template.templateSpans.reduce((text, span) => {
      const name = ts.isIdentifier(span.expression) ? span.expression.text : undefined;
      const part = name && this.documentNamed(file, name);
      const schemaPart = name && !part ? this.schemaText(file, name) : undefined;
      if (!part && schemaPart === undefined)
        throw new Error(
          `${at(span.expression)}: only a graphql constant or a text of contracts/ may be interpolated`,
        );
      return text + (part ? this.text(part) : schemaPart) + span.literal.text;
    }, template.head.text);
  }
}

const operationOf = (text: string) =>
  parse(text).definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );

describe("the app's GraphQL documents", () => {
  let schema: GraphQLSchema;
  let app: AppGraphQL;
  /** The documents gql() sends, by constant. */
  let sent: Map<string, Request>;
  let sources: Source[];

  beforeAll(async () => {
    schema = buildApiSchema();
    sources = await appSources();
    app = new AppGraphQL(sources);
    await app.loadSchemas();
    sent = new Map();
    for (const request of app.requests) {
      const key =
        request.document && ts.isIdentifier(request.document)
          ? app.documentNamed(request.file, request.document.text)
          : undefined;
      if (key) sent.set(key, request);
    }
  });

  it('are all found: every request sends a graphql constant, and /gapi is posted from gapi.ts only', () => {
    const unchecked = app.requests
      .filter((request) => ![...sent.values()].includes(request))
      .map((request) => `${request.where}: gql() is given ${request.document?.getText() ?? 'nothing'}`);
    expect([...app.problems, ...unchecked]).toEqual([]);
    // Counted a second way, in the text without its comments, so a tree walk that misses a call cannot pass.
    const calls = sources.reduce((sum, { ast }) => {
      const code = ast.text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      return sum + [...code.matchAll(/(?<!function )\bgql\s*(?:<[^>]*>)?\s*\(/g)].length;
    }, 0);
    expect(app.requests.length).toBe(calls);
    expect(calls).toBeGreaterThan(0);
  });

  it('are valid against the API schema, one operation each, asking for the field gql() reads', () => {
    const failures: string[] = [];
    for (const [key, request] of sent) {
      const name = relative(root, key.replace('#', ' '));
      const text = app.text(key);
      const errors = validate(schema, parse(text)).map((error) => error.message);
      const operations = operationOf(text);
      if (operations.length !== 1) errors.push(`${operations.length} operations (gql() names none)`);
      // gql() returns data[field]: the field must be one of the operation's root selections.
      const roots = operations[0]?.selectionSet.selections.flatMap((selection) =>
        selection.kind === Kind.FIELD ? [(selection.alias ?? selection.name).value] : [],
      );
      const field = request.field && ts.isStringLiteral(request.field) ? request.field.text : undefined;
      if (!field || !roots?.includes(field))
        errors.push(`gql() reads ${request.field?.getText() ?? 'nothing'}, the operation answers ${roots}`);
      // Variables given as an object literal: the names the operation declares, the required ones present.
      const variables = request.variables;
      if (variables && ts.isObjectLiteralExpression(variables)) {
        const declared = operations[0]?.variableDefinitions ?? [];
        const given = variables.properties.flatMap((p) => (p.name ? [p.name.getText()] : []));
        const spread = variables.properties.some(ts.isSpreadAssignment);
        for (const key of given)
          if (!declared.some((d) => d.variable.name.value === key))
            errors.push(`variable ${key} is not declared`);
        for (const d of declared)
          if (
            !spread &&
            d.type.kind === Kind.NON_NULL_TYPE &&
            !d.defaultValue &&
            !given.includes(d.variable.name.value)
          )
            errors.push(`required variable $${d.variable.name.value} is not given`);
      }
      // The Trainings type is built from contracts/flags.schema.json: a document that lists the flags by hand
      // asks for all of them, so a new flag cannot be left out of what the app reads.
      const types = new TypeInfo(schema);
      visit(
        parse(text),
        visitWithTypeInfo(types, {
          Field(node) {
            const type = types.getType();
            if (!type || getNamedType(type).name !== 'Trainings' || !node.selectionSet) return;
            const asked = node.selectionSet.selections.flatMap((s) =>
              s.kind === Kind.FIELD ? [s.name.value] : [],
            );
            const flags = getNamedType(type);
            const missing = Object.keys(isObjectType(flags) ? flags.getFields() : {}).filter(
              (flag) => !asked.includes(flag),
            );
            if (missing.length) errors.push(`${node.name.value} leaves out the flags ${missing.join(', ')}`);
          },
        }),
      );
      if (errors.length) failures.push(`${name} (${request.where}): ${errors.join('; ')}`);
    }
    expect(failures).toEqual([]);
    expect(sent.size).toBeGreaterThan(0);
  });
});
