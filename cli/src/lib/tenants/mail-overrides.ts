// Checks a tenant's own mail templates, tenants/<slug>/mail/<kind>/{subject,html,text}.mustache, before they can
// ship: the kind and file names, mustache syntax, every placeholder known to its kind (contracts/mail/mail-kinds.ts)
// and every required one present (the OTP mail's code, a reset's link), no unescaped value ({{{ }}} or {{& }}),
// HTML an HTML validator accepts, and enough contrast (WCAG AA) between every inline background and text colour,
// the button's among them. Each problem carries the override file's line and column, as the config's do.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HtmlValidate } from 'html-validate';
import Mustache from 'mustache';
import { mailBrand, type MailBrand } from '../../../../contracts/mail/mail-brand.js';
import {
  BRAND_FIELDS,
  isMailKind,
  MAIL_KINDS,
  mailKinds,
  type FieldSpec,
  type MailKind,
} from '../../../../contracts/mail/mail-kinds.js';
import { MAIL_PARTIALS, MAIL_PARTS, type MailPart } from '../../../../contracts/mail/mail-parts.js';
import { contrastRatio, formatRatio, MIN_CONTRAST } from './contrast.js';
import type { ProblemSink } from './problem.js';
import { didYouMean } from '../../../../contracts/suggest.js';
import type { Problem, TenantConfig } from './types.js';

/** tenants/<slug>/mail/: the folder of a tenant's own mail templates. */
const MAIL_OVERRIDES_DIR = 'mail';

// A fragment of a mail's body: inline styles are what mail needs; the layout around it has the document's parts.
// Loaded at the first HTML template checked: html-validate takes longer to import than most commands run, and
// every command that loads tenants imports this module, mostly for tenants with no mail of their own.
let htmlValidator: Promise<HtmlValidate> | undefined;
const validatorOf = () =>
  (htmlValidator ??= import('html-validate').then(
    ({ HtmlValidate }) =>
      new HtmlValidate({
        extends: ['html-validate:recommended'],
        rules: { 'no-inline-style': 'off', 'prefer-native-element': ['error', { exclude: ['article'] }] },
      }),
  ));

type Token = [string, string, number, number, Token[]?, number?];

type Report = (offset: number, keyword: string, message: string, suggestion?: string | null) => void;

/** 1-based line and column of an offset in a source. */
function position(source: string, offset: number) {
  const before = source.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

const tagText = (source: string, token: Token) => source.slice(token[2], token[3]);

/** The names a template of a kind may use at the top level, with the spec of each list section. */
function knownNames(kind: MailKind): FieldSpec {
  return { ...(MAIL_KINDS[kind].fields as FieldSpec), ...BRAND_FIELDS };
}

/** Walks the tokens: unknown names, unescaped values, partials; returns every name used, at any depth. */
function walkTokens(
  kind: MailKind,
  part: MailPart,
  source: string,
  tokens: Token[],
  report: Report,
): Set<string> {
  const used = new Set<string>();
  const top = knownNames(kind);
  const visit = (list: Token[], scopes: FieldSpec[], inStrings: boolean) => {
    for (const token of list) {
      const [type, name, start] = token;
      if (type === 'text' || type === '!') continue;
      if (type === '=') {
        report(start, 'mail-syntax', 'changing the mustache delimiters is not allowed in mail templates');
        continue;
      }
      if (type === '&') {
        report(
          start,
          'mail-unescaped',
          `${tagText(source, token)} writes the value unescaped: use {{${name}}}, every mail value is escaped`,
        );
        continue;
      }
      if (type === '>') {
        if (part !== 'html' || !(MAIL_PARTIALS as readonly string[]).includes(name)) {
          report(
            start,
            'mail-partial',
            part === 'html'
              ? `unknown partial "${name}": the mail templates have ${MAIL_PARTIALS.join(' and ')}`
              : `a ${part} template has no partials`,
          );
        } else if (!('link' in MAIL_KINDS[kind].fields)) {
          report(start, 'mail-partial', `the ${kind} mail has no link for a button`);
        } else used.add('link');
        continue;
      }
      const field = resolve(name, scopes, inStrings);
      if (field === undefined) {
        const names = scopes.flatMap((scope) => Object.keys(scope));
        report(
          start,
          'mail-placeholder',
          `unknown placeholder {{${name}}} in the ${kind} mail`,
          didYouMean(name, names),
        );
        continue;
      }
      used.add(name.replace(/\.length$/, ''));
      if ((type === '#' || type === '^') && token[4]) {
        const nested = typeof field === 'object' ? [field, ...scopes] : scopes;
        visit(token[4], nested, field === 'list' || (inStrings && name === '.'));
      }
    }
  };
  visit(tokens, [top], false);
  return used;
}

/** What a name refers to in these scopes: a field's spec, or undefined when no scope has it. */
function resolve(name: string, scopes: FieldSpec[], inStrings: boolean): FieldSpec[string] | undefined {
  if (name === '.') return inStrings ? 'text' : undefined;
  for (const scope of scopes) {
    if (Object.hasOwn(scope, name)) return scope[name];
    const list = /^(.+)\.length$/.exec(name)?.[1];
    if (list && Object.hasOwn(scope, list) && (typeof scope[list] === 'object' || scope[list] === 'list'))
      return 'text';
  }
  return undefined;
}

/** Every inline style with a background and a text colour: their contrast, the button's among them. */
function contrastProblems(source: string, brand: MailBrand, report: Report): void {
  const colour = (value: string | undefined) => {
    const brandKey = /^\{\{\s*brand\.(\w+)\s*\}\}$/.exec(value ?? '')?.[1];
    if (brandKey) return new Map(Object.entries(brand)).get(brandKey);
    return value && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : undefined;
  };
  for (const match of source.matchAll(/style\s*=\s*"([^"]*)"/gi)) {
    const declarations = new Map(
      match[1]!
        .split(';')
        .map((d) => d.split(':').map((s) => s.trim()))
        .filter((d): d is [string, string] => d.length === 2)
        .map(([key, value]) => [key.toLowerCase(), value]),
    );
    const background = colour(declarations.get('background-color') ?? declarations.get('background'));
    const text = colour(declarations.get('color'));
    if (!background || !text) continue;
    const ratio = contrastRatio(text, background);
    if (ratio < MIN_CONTRAST)
      report(
        match.index,
        'mail-contrast',
        `text ${text} on ${background} has a contrast of ${formatRatio(ratio)}:1, below ${MIN_CONTRAST}:1 (WCAG AA)`,
      );
  }
}

async function checkFile(
  file: string,
  kind: MailKind,
  part: MailPart,
  brand: MailBrand,
  add: (problem: Omit<Problem, 'file' | 'severity' | 'pointer'>) => void,
): Promise<void> {
  const source = await readFile(file, 'utf8');
  const report: Report = (offset, keyword, message, suggestion = null) =>
    add({ ...position(source, offset), keyword, message, suggestion });
  let tokens: Token[];
  try {
    tokens = Mustache.parse(source) as Token[];
  } catch (error) {
    const message = (error as Error).message;
    const at = Number(/ at (\d+)$/.exec(message)?.[1] ?? 0);
    report(at, 'mail-syntax', `not a valid mustache template: ${message.replace(/ at \d+$/, '')}`);
    return;
  }
  const used = walkTokens(kind, part, source, tokens, report);
  if (part !== 'subject') {
    for (const name of MAIL_KINDS[kind].required) {
      if (!used.has(name))
        report(0, 'mail-required', `the ${kind} mail must show {{${name}}} in its ${part} part`);
    }
  }
  if (part === 'html') {
    // Each tag blanked out to as many letters, so a value in an attribute or {{& }} is not taken for markup and
    // every position stays the template's own.
    const markup = source.replace(/\{\{[\s\S]*?\}\}\}?/g, (tag) => 'x'.repeat(tag.length));
    const result = await (await validatorOf()).validateString(markup, file);
    for (const message of result.results.flatMap((r) => r.messages)) {
      add({
        line: message.line,
        column: message.column,
        keyword: 'mail-html',
        message: message.message,
        suggestion: null,
      });
    }
    contrastProblems(source, brand, report);
  }
}

/** Checks tenants/<slug>/mail/ if there is one; each problem names its own file. */
export async function checkMailOverrides(
  config: TenantConfig,
  dir: string,
  sink: ProblemSink,
): Promise<void> {
  const root = path.join(dir, MAIL_OVERRIDES_DIR);
  const kinds = await readdir(root, { withFileTypes: true }).catch(() => null);
  if (!kinds) return;
  const brand = mailBrand(config);
  // The pointer names the template (mail/<kind>), as a config problem's names its key.
  const push = (file: string) => (problem: Omit<Problem, 'file' | 'severity' | 'pointer'>) =>
    sink.problems.push({
      ...problem,
      pointer: path.relative(dir, path.dirname(file)).split(path.sep).join('/'),
      file,
      severity: 'error',
    });
  for (const entry of kinds.sort((a, b) => a.name.localeCompare(b.name))) {
    const folder = path.join(root, entry.name);
    if (!entry.isDirectory() || !isMailKind(entry.name)) {
      push(folder)({
        line: 1,
        column: 1,
        keyword: 'mail-kind',
        message: `"${entry.name}" is not a kind of mail: tenants/<slug>/mail/ holds one folder per kind`,
        suggestion: didYouMean(entry.name, mailKinds),
      });
      continue;
    }
    const kind = entry.name;
    const files = (await readdir(folder)).sort();
    const names = MAIL_PARTS.map((part) => `${part}.mustache`);
    for (const name of files) {
      const file = path.join(folder, name);
      const part = MAIL_PARTS.find((p) => `${p}.mustache` === name);
      if (!part) {
        push(file)({
          line: 1,
          column: 1,
          keyword: 'mail-file',
          message: `"${name}" is not a mail template: a kind's folder holds ${names.join(', ')}`,
          suggestion: didYouMean(name, names),
        });
        continue;
      }
      await checkFile(file, kind, part, brand, push(file));
    }
  }
}
