import Mustache from 'mustache';

/**
 * Mustache rendering for tenant files. Templates use only `{{ }}`: every value is HTML-escaped, except values
 * wrapped in ScriptJson, which are JSON-encoded with every character that could end a <script> element or
 * start markup escaped as \uXXXX, and CompiledMarkup (below). So a tenant value can neither break out of an
 * attribute nor out of the JSON config script, and no template needs unescaped mustache.
 */
export class ScriptJson {
  constructor(readonly value: unknown) {}

  encode(): string {
    return JSON.stringify(this.value).replace(
      /[<>&\u2028\u2029]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  }
}

/**
 * Markup the build itself made (the first screen the compile rendered from the app's components, an inline
 * script of the CLI's own), written as it is. Never a tenant value: those enter such markup only through
 * escapeHtml, before it is wrapped.
 */
export class CompiledMarkup {
  constructor(readonly html: string) {}
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
  '=': '&#61;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`=]/g, (c) => HTML_ESCAPES[c] ?? c);
}

function escape(value: unknown): string {
  if (value instanceof ScriptJson) return value.encode();
  if (value instanceof CompiledMarkup) return value.html;
  return escapeHtml(String(value));
}

/** Unescaped tags are refused so that a template edit cannot quietly open an injection. */
export function assertSafeTemplate(template: string, name: string): void {
  if (/\{\{\{|\{\{\s*&/.test(template)) {
    throw new Error(`${name} uses unescaped mustache ({{{ }}} or {{& }}); use {{ }} (values are escaped).`);
  }
}

export function renderTemplate(template: string, name: string, view: Record<string, unknown>): string {
  assertSafeTemplate(template, name);
  return Mustache.render(template, view, {}, { escape });
}
