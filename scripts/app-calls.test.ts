// Every REST call the app makes names a method and path of the API's route table (api/src/routes/index.ts), so
// a renamed, removed or misspelt route fails here instead of as a 404 in a user's browser. The calls are read
// from the source: `api.get/post/put/patch/delete(url, …)`, the helpers that take a url and make one
// (`downloadExport`, a POST) and the early answers' `{ method, url }` requests. A url is followed through constants, small url functions,
// `+` and template literals (a `${…}` that is not a constant becomes a parameter; a `?:` gives both paths), in
// any app module; a call whose url cannot be read that way fails too, so the check cannot be sidestepped.
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../api/src/routes/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const appSrc = join(root, 'app/src');

/** The methods of the API client (app/src/lib/api-client.ts). */
const METHODS: Record<string, string> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
};
/** App helpers that make one call to the url they are given. */
const URL_HELPERS: Record<string, string> = { downloadExport: 'POST' };
const HTTP_METHODS = new Set(Object.values(METHODS));
/** A `${…}` the reader cannot know: it matches any one path segment (or part of one). */
const PARAM = '\u0000';

export interface AppCall {
  where: string;
  method: string;
  /** The paths it may call (several where a `?:` chooses), or null when the url cannot be read. */
  paths: string[] | null;
}

const at = (node: ts.Node) => {
  const source = node.getSourceFile();
  return `${relative(root, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
};

const cross = (left: string[], right: string[]) => left.flatMap((a) => right.map((b) => a + b));

/** What a url function's parameter was called with, read where the call is. */
interface Binding {
  argument: ts.Expression;
  scope: Scope;
}

/**
 * Where an expression is read: the arguments of the url functions it sits in, and what a `?:` on the way has
 * settled (`id === null` true or false), so `id === null ? a : `${f(id)}`` does not pair f's null path with b.
 */
interface Scope {
  bindings: Map<ts.Symbol, Binding>;
  isNull: Map<ts.Symbol, boolean>;
}

/** Reads url expressions with the type checker's help (it resolves names across modules). */
class UrlReader {
  constructor(private readonly checker: ts.TypeChecker) {}

  /** The paths `node` may hold, or null when it is not a url this reader can follow. */
  read(
    node: ts.Expression,
    scope: Scope = { bindings: new Map(), isNull: new Map() },
    depth = 0,
  ): string[] | null {
    if (depth > 12) return null;
    const read = (inner: ts.Expression, innerScope = scope) => this.read(inner, innerScope, depth + 1);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return read(node.expression);
    if (ts.isConditionalExpression(node)) {
      const tested = this.nullTest(node.condition, scope);
      if (tested?.known !== undefined)
        return read(tested.known === tested.equal ? node.whenTrue : node.whenFalse);
      const settled = (isNull: boolean) =>
        tested ? { ...scope, isNull: new Map(scope.isNull).set(tested.symbol, isNull) } : scope;
      const yes = read(node.whenTrue, settled(tested?.equal ?? true));
      const no = read(node.whenFalse, settled(!(tested?.equal ?? true)));
      return yes && no ? [...yes, ...no] : null;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const [left, right] = [read(node.left), read(node.right)];
      return left && right ? cross(left, right) : null;
    }
    if (ts.isTemplateExpression(node)) {
      let paths = [node.head.text];
      for (const span of node.templateSpans)
        paths = cross(cross(paths, read(span.expression) ?? [PARAM]), [span.literal.text]);
      return paths;
    }
    if (ts.isIdentifier(node)) {
      const bound = scope.bindings.get(this.symbol(node) as ts.Symbol);
      if (bound) return this.read(bound.argument, bound.scope, depth + 1);
      const value = this.symbol(node)?.valueDeclaration;
      return value && ts.isVariableDeclaration(value) && value.initializer ? read(value.initializer) : null;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      // A url function (`const url = (id: number) => `/…/${id}``): its body, read with the call's arguments.
      const value = this.symbol(node.expression)?.valueDeclaration;
      const fn = value && ts.isVariableDeclaration(value) ? value.initializer : undefined;
      if (!fn || !ts.isArrowFunction(fn) || ts.isBlock(fn.body)) return null;
      const bindings = new Map(scope.bindings);
      fn.parameters.forEach((parameter, i) => {
        const symbol = this.checker.getSymbolAtLocation(parameter.name);
        const argument = node.arguments[i];
        if (symbol && argument) bindings.set(symbol, { argument, scope });
      });
      return read(fn.body, { bindings, isNull: scope.isNull });
    }
    return null;
  }

  /** `x === null` or `x !== null`: the name tested, and whether it is known to be null here. */
  private nullTest(condition: ts.Expression, scope: Scope) {
    if (!ts.isBinaryExpression(condition) || condition.right.kind !== ts.SyntaxKind.NullKeyword)
      return undefined;
    const operator = condition.operatorToken.kind;
    if (
      operator !== ts.SyntaxKind.EqualsEqualsEqualsToken &&
      operator !== ts.SyntaxKind.ExclamationEqualsEqualsToken
    )
      return undefined;
    let subject: ts.Expression = condition.left;
    let current = scope;
    // Follow a parameter to what its call passed, so a `null` argument settles the test.
    for (;;) {
      const bound = ts.isIdentifier(subject)
        ? current.bindings.get(this.symbol(subject) as ts.Symbol)
        : undefined;
      if (!bound) break;
      subject = bound.argument;
      current = bound.scope;
    }
    const equal = operator === ts.SyntaxKind.EqualsEqualsEqualsToken;
    if (subject.kind === ts.SyntaxKind.NullKeyword) return { equal, known: true };
    if (!ts.isIdentifier(subject)) return { equal, known: false };
    const symbol = this.symbol(subject) as ts.Symbol;
    return { equal, symbol, known: current.isNull.get(symbol) ?? scope.isNull.get(symbol) };
  }

  private symbol(name: ts.Identifier): ts.Symbol | undefined {
    const symbol = valueSymbol(this.checker, name);
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
  }
}

/** The value a name stands for (in `{ url }` the variable `url`, not the property). */
const valueSymbol = (checker: ts.TypeChecker, name: ts.Identifier) =>
  ts.isShorthandPropertyAssignment(name.parent)
    ? checker.getShorthandAssignmentValueSymbol(name.parent)
    : checker.getSymbolAtLocation(name);

/** Whether the url is a parameter of the enclosing function: a helper whose callers this test checks. */
const isForwarded = (url: ts.Expression, checker: ts.TypeChecker) =>
  ts.isIdentifier(url) && valueSymbol(checker, url)?.valueDeclaration?.kind === ts.SyntaxKind.Parameter;

const property = (node: ts.ObjectLiteralExpression, name: string) =>
  node.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name);

/** The method of a `{ method: 'GET', url, … }` request object. */
function requestMethod(node: ts.ObjectLiteralExpression): string | undefined {
  const method = property(node, 'method');
  return method &&
    ts.isPropertyAssignment(method) &&
    ts.isStringLiteral(method.initializer) &&
    HTTP_METHODS.has(method.initializer.text)
    ? method.initializer.text
    : undefined;
}

function requestUrl(node: ts.ObjectLiteralExpression): ts.Expression | undefined {
  const url = property(node, 'url');
  if (url && ts.isPropertyAssignment(url)) return url.initializer;
  return url && ts.isShorthandPropertyAssignment(url) ? url.name : undefined;
}

/** Every REST call of the app's shipped modules (not its tests and their fakes). */
export async function appCalls(): Promise<AppCall[]> {
  const names = (await readdir(appSrc, { recursive: true })).filter(
    (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.split('/').includes('testing'),
  );
  const program = ts.createProgram(
    names.map((name) => join(appSrc, name)),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      baseUrl: root,
      paths: { '@/*': ['./app/src/*'] },
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
  );
  const checker = program.getTypeChecker();
  const reader = new UrlReader(checker);
  const sources = program
    .getSourceFiles()
    .filter(
      (source) => source.fileName.startsWith(appSrc) && names.includes(relative(appSrc, source.fileName)),
    );
  // The early answers' requests (boot/early-pages.ts): `{ method: 'GET', url }` objects, and the functions that
  // build one from their url parameter (`post(url, body)`), whose callers name the url.
  const requestHelpers = new Map<ts.Symbol, string>();
  const requests: { node: ts.Node; method: string; url: ts.Expression }[] = [];
  const findRequests = (node: ts.Node): void => {
    const method = ts.isObjectLiteralExpression(node) ? requestMethod(node) : undefined;
    const url = method ? requestUrl(node as ts.ObjectLiteralExpression) : undefined;
    if (method && url) {
      let body: ts.Node = node;
      while (ts.isParenthesizedExpression(body.parent)) body = body.parent;
      const helper = ts.isArrowFunction(body.parent) ? body.parent.parent : undefined;
      const symbol = helper && ts.isVariableDeclaration(helper) && checker.getSymbolAtLocation(helper.name);
      if (isForwarded(url, checker) && symbol) requestHelpers.set(symbol, method);
      else requests.push({ node, method, url });
    }
    ts.forEachChild(node, findRequests);
  };
  sources.forEach(findRequests);
  const calls: AppCall[] = requests.map(({ node, method, url }) => ({
    where: at(node),
    method,
    paths: reader.read(url),
  }));
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const method =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'api'
          ? METHODS[callee.name.text]
          : ts.isIdentifier(callee)
            ? (URL_HELPERS[callee.text] ??
              requestHelpers.get(checker.getSymbolAtLocation(callee) as ts.Symbol))
            : undefined;
      const url = node.arguments[0];
      if (method && url && !isForwarded(url, checker))
        calls.push({ where: at(node), method, paths: reader.read(url) });
    }
    ts.forEachChild(node, visit);
  };
  sources.forEach(visit);
  return calls;
}

/** A path pattern of the table (`:id` any segment) as a regular expression. */
const tablePattern = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );

/** The app's path with each unknown part filled in as a segment the table's parameters accept. */
const sample = (path: string) => path.split('?')[0]!.replaceAll(PARAM, '1');

/** Whether a table path can be what the app's path names (an app parameter may also stand for a fixed part). */
const matches = (tablePath: string, appPath: string) => {
  if (tablePattern(tablePath).test(sample(appPath))) return true;
  const appSegments = appPath.split('?')[0]!.split('/');
  const tableSegments = tablePath.split('/');
  return (
    appSegments.length === tableSegments.length &&
    appSegments.every(
      (segment, i) =>
        segment.includes(PARAM) || tableSegments[i]!.startsWith(':') || segment === tableSegments[i],
    )
  );
};

export const routesOf = () =>
  routeTable.flatMap(([methods, path]) =>
    (Array.isArray(methods) ? methods : [methods]).map((method) => ({ method: String(method), path })),
  );

/** What is wrong with one call: '' when the table has its method and path. */
export function problemOf(call: AppCall, routes: { method: string; path: string }[]): string {
  if (!call.paths)
    return `${call.where}: a ${call.method} whose url is not a constant, url function or template`;
  const missing = call.paths.filter(
    (path) => !routes.some((route) => route.method === call.method && matches(route.path, path)),
  );
  return missing.length
    ? `${call.where}: ${call.method} ${missing.map((path) => path.replaceAll(PARAM, '{…}')).join(', ')} is not in the route table`
    : '';
}

describe('the REST calls of the app', () => {
  let calls: AppCall[];
  beforeAll(async () => {
    calls = await appCalls();
  });

  it('each name a method and path of the API route table', () => {
    expect(calls.length).toBeGreaterThan(100);
    const routes = routesOf();
    expect(calls.map((call) => problemOf(call, routes)).filter(Boolean)).toEqual([]);
  });

  it('a path, a method or a parameter the table does not have is reported', () => {
    const routes = routesOf();
    const call = (method: string, path: string): AppCall => ({ where: 'x.ts:1', method, paths: [path] });
    expect(problemOf(call('POST', '/api/v1/clientportal/metrics/list/'), routes)).toBe('');
    expect(problemOf(call('GET', '/api/v1/clientportal/metrics/list/'), routes)).toMatch(
      /not in the route table/,
    );
    expect(problemOf(call('POST', '/api/v1/clientportal/metrics/lists/'), routes)).toMatch(
      /not in the route/,
    );
    expect(problemOf(call('GET', `/api/v1/coach/clients/${PARAM}`), routes)).toBe('');
    expect(problemOf(call('GET', `/api/v1/coach/client/${PARAM}`), routes)).toMatch(/not in the route/);
  });
});
