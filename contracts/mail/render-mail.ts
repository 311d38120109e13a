// The one entry point that turns a kind of mail and its values into the tenant's branded mail: a subject, an HTML
// body and its plain-text alternative. Templates are mustache files in templates/mail/<kind>/{subject,html,text}
// .mustache, each replaceable per tenant in tenants/<slug>/mail/<kind>/. The HTML body is put into the shared
// layout and its CSS inlined (juice) once when the templates are loaded, not for every mail: rendering a mail is
// then one mustache pass. Every value is escaped in the HTML (the templates may not use {{{ }}} or {{& }}:
// `portal validate` refuses them, and so does the loader), and the subject is kept to one line so no value can
// add a header.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import juice from 'juice';
import Mustache from 'mustache';
import type { MailBrand } from './mail-brand.js';
import { mailKinds, type MailKind, type MailValues } from './mail-kinds.js';
import { MAIL_PARTIALS, type MailPart } from './mail-parts.js';

/** templates/mail/: the layout, its partials and every kind's default templates. */
export const MAIL_TEMPLATES_DIR = fileURLToPath(new URL('../../templates/mail/', import.meta.url));

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Each kind's subject, text and HTML (already in the layout, its CSS inlined), ready for mustache. */
export type MailTemplates = Record<MailKind, Record<MailPart, string>>;

export interface MailTenant {
  brand: MailBrand;
  templates: MailTemplates;
}

/** The file of one part of one kind under a templates folder (templates/mail/ or tenants/<slug>/mail/). */
export const templatePath = (dir: string, kind: MailKind, part: MailPart): string =>
  join(dir, kind, `${part}.mustache`);

const read = (file: string) => readFileSync(file, 'utf8');

const partial = (name: string) => read(join(MAIL_TEMPLATES_DIR, `${name}.html.mustache`));

// Inlining is the slow step (tens of milliseconds a template); tenants mostly share the default bodies.
const composed = new Map<string, string>();

/** An HTML body in the layout, its partials written in, its CSS inlined. */
export function composeHtml(body: string): string {
  const known = composed.get(body);
  if (known !== undefined) return known;
  let html = read(join(MAIL_TEMPLATES_DIR, 'layout.html.mustache')).replace('{{> body}}', () => body);
  for (const name of MAIL_PARTIALS) html = html.replaceAll(`{{> ${name}}}`, partial(name));
  const inlined = juice(html, {
    preserveMediaQueries: true,
    // Sizes and colours stay in the style attributes: the HTML attributes juice would add are obsolete.
    applyWidthAttributes: false,
    applyHeightAttributes: false,
    applyAttributesTableElements: false,
  });
  composed.set(body, inlined);
  return inlined;
}

export function composeText(body: string): string {
  return read(join(MAIL_TEMPLATES_DIR, 'layout.text.mustache')).replace('{{> body}}', () => body.trimEnd());
}

type Token = [string, string, number, number, Token[]?];

/**
 * Whether a template writes a value unescaped ({{{ }}} or {{& }}, also behind changed delimiters: mustache
 * parses both to one token type), or does not parse at all. `portal validate` reports such a file with its line;
 * the loader refuses it as well, so a template that skipped validation cannot put a client's text into mail
 * as HTML.
 */
function unsafe(source: string): boolean {
  const writesRaw = (tokens: Token[]): boolean =>
    tokens.some(([type, , , , children]) => type === '&' || (children ? writesRaw(children) : false));
  try {
    return writesRaw(Mustache.parse(source) as Token[]);
  } catch {
    return true;
  }
}

/**
 * Every kind's templates: the tenant's own file where `overridesDir` has one, the default otherwise. An own
 * file that writes a value unescaped (or does not parse) is refused: the default takes its place and `refused`
 * is told which file it was.
 */
export function loadMailTemplates(
  overridesDir?: string,
  refused: (file: string) => void = () => undefined,
): MailTemplates {
  const source = (kind: MailKind, part: MailPart) => {
    const own = overridesDir ? templatePath(overridesDir, kind, part) : null;
    if (own && existsSync(own)) {
      const text = read(own);
      if (!unsafe(text)) return text;
      refused(own);
    }
    return read(templatePath(MAIL_TEMPLATES_DIR, kind, part));
  };
  return Object.fromEntries(
    mailKinds.map((kind) => [
      kind,
      {
        subject: source(kind, 'subject'),
        html: composeHtml(source(kind, 'html')),
        text: composeText(source(kind, 'text')),
      },
    ]),
  ) as MailTemplates;
}

const verbatim = { escape: (value: unknown) => String(value) };

/** A subject is one header line: control characters and runs of spaces become one space. */
const oneLine = (value: string) =>
  value
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A notification's footer line: the page that stops its kind's mail, and the kind's name. */
export interface Unsubscribe {
  url: string;
  label: string;
}

/** The tenant's mail of this kind with these values (a notification's with its unsubscribe line). */
export function renderMail<K extends MailKind>(
  tenant: MailTenant,
  kind: K,
  values: MailValues[K],
  unsubscribe?: Unsubscribe,
): RenderedMail {
  const templates = tenant.templates[kind];
  const view = { ...values, brand: tenant.brand, unsubscribe };
  const subject = oneLine(Mustache.render(templates.subject, view, {}, verbatim));
  const html = Mustache.render(templates.html, { ...view, subject });
  const text = `${Mustache.render(templates.text, view, {}, verbatim).trim()}\n`;
  return { subject, html, text };
}
