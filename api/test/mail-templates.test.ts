// Every kind of mail, rendered for every example tenant in tenants/, is HTML a validator accepts, carries the
// tenant's logo, colours, name and footer, and has its plain-text part with the values that make it useful (the
// code, the link); no value reaches the HTML unescaped, not even the tenant's own name, nor through a tenant's own
// template that asks for it raw (the API refuses that template when it loads it).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HtmlValidate } from 'html-validate';
import Mustache from 'mustache';
import { describe, expect, it } from 'vitest';
import { mailBrand, mailSender } from '../../contracts/mail/mail-brand.js';
import { MAIL_KINDS, mailKinds, type MailKind } from '../../contracts/mail/mail-kinds.js';
import { loadMailTemplates, renderMail, type MailTenant } from '../../contracts/mail/render-mail.js';
import type { TenantConfig } from '../../contracts/tenant.js';
import { createBrandedMail } from '../src/services/mail/branded-mail.js';
import type { MailDraft } from '../src/services/mail/mail-draft.js';
import type { TenantConfig as ApiTenantConfig } from '../src/services/tenants/tenant-files.js';

const tenantsDir = fileURLToPath(new URL('../../tenants/', import.meta.url));
const slugs = readdirSync(tenantsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The recommended rules, less what mail needs: inline styles (mail clients drop <style> rules), a div with the
// article role (several clients strip <article>), and the subject as the title however long it is.
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'no-inline-style': 'off',
    'prefer-native-element': ['error', { exclude: ['article'] }],
    'long-title': 'off',
  },
});

const escaped = (value: string | number) => Mustache.escape(String(value));

/** The strings a required value shows: itself, or for a list the first item's heading. */
function shown(kind: MailKind, name: string): string {
  const value = (MAIL_KINDS[kind].sample as Record<string, unknown>)[name];
  if (Array.isArray(value)) return (value[0] as { heading: string }).heading;
  return String(value);
}

const withButton = (html: string) => html.includes('class="button"');

describe.each(slugs)('every mail of tenants/%s', (slug) => {
  const config = JSON.parse(readFileSync(join(tenantsDir, slug, 'tenant.json'), 'utf8')) as TenantConfig;
  const tenant: MailTenant = {
    brand: mailBrand(config),
    templates: loadMailTemplates(join(tenantsDir, slug, 'mail')),
  };
  const { brand } = tenant;

  it.each(mailKinds)('%s: valid HTML in the brand, and a text part with what it must show', async (kind) => {
    const mail = renderMail(tenant, kind, MAIL_KINDS[kind].sample as never);
    const report = await validator.validateString(mail.html);
    expect(
      report.results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.message}`)),
    ).toEqual([]);

    expect(mail.html).toContain(`lang="${brand.lang}"`);
    expect(mail.html).toContain(`src="${escaped(brand.logoUrl)}"`);
    expect(mail.html).toContain(`alt="${escaped(brand.name)}"`);
    expect(brand.logoUrl).toMatch(/^https:\/\//);
    // Gmail and Outlook show no SVG image: an SVG logo is shown through the PNG the build draws of it.
    expect(brand.logoUrl).toMatch(/\.(png|jpe?g|webp)$/);
    expect(mail.html).toContain(`background-color: ${brand.primary}`);
    expect(mail.html).toContain(`background-color: ${brand.background}`);
    if (withButton(mail.html)) {
      expect(mail.html).toContain(`background-color: ${brand.buttonColor}; color: ${brand.buttonText}`);
    }
    for (const line of [brand.address, brand.contact].filter(Boolean)) {
      expect(mail.html).toContain(escaped(line));
      expect(mail.text).toContain(line);
    }
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.text.trim().length).toBeGreaterThan(0);
    for (const name of MAIL_KINDS[kind].required) {
      expect(mail.text).toContain(shown(kind, name));
      expect(mail.html).toContain(escaped(shown(kind, name)));
    }
  });
});

describe('templates/mail/', () => {
  // A folder whose kind mail-kinds.ts does not list is a template nobody can send (a kind renamed or dropped
  // there, its folder left behind); the other way round, a listed kind without its files fails above.
  it('holds a folder for the kinds of mail-kinds.ts and no other', () => {
    const templatesDir = fileURLToPath(new URL('../../templates/mail/', import.meta.url));
    const folders = readdirSync(templatesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...mailKinds].sort());
  });
});

describe('escaping', () => {
  const evil = '<script>alert("x")</script>';
  const tenant: MailTenant = {
    brand: mailBrand({ id: 9, name: `Evil ${evil} & Co`, domain: 'evil.example' }),
    templates: loadMailTemplates(),
  };

  it.each(mailKinds)('%s: a tenant name and values with markup come out as text', (kind) => {
    const sample = MAIL_KINDS[kind].sample as Record<string, unknown>;
    // Every text value carries markup too, the way a client's message or file name could.
    const values = Object.fromEntries(
      Object.entries(sample).map(([name, value]) => [
        name,
        typeof value === 'string' ? `${value}${evil}` : value,
      ]),
    );
    const mail = renderMail(tenant, kind, values as never);
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Evil &lt;script&gt;alert(&quot;x&quot;)&lt;&#x2F;script&gt; &amp; Co');
    // The text part is plain text: shown as typed, which a mail program never runs.
    expect(mail.text).toContain(`Evil ${evil} & Co`);
  });

  it('a value with a line break cannot add a header line to the subject', () => {
    const mail = renderMail(tenant, 'coach-message', {
      ...MAIL_KINDS['coach-message'].sample,
      subject: 'Hello\r\nBcc: victim@evil.example',
    });
    expect(mail.subject).toBe('New message from Jordan Lee: Hello Bcc: victim@evil.example');
  });
});

describe("a tenant's own template that writes a value unescaped", () => {
  const evil = '<img src=x onerror=alert(1)>';
  // Every spelling mustache has for a raw value: triple braces, the ampersand, behind changed delimiters,
  // inside a section; and a file that does not parse.
  const overrides: [MailKind, string, string][] = [
    ['client-message', 'html', '<p>{{{body}}}</p>\n{{> button-start}}Read{{> button-end}}\n'],
    ['coach-message', 'html', '<p>{{& body}}</p>\n{{> button-start}}Read{{> button-end}}\n'],
    ['request-reply', 'html', '{{=<% %>=}}<p><%{reply}%></p>\n<%> button-start%>Read<%> button-end%>\n'],
    [
      'files',
      'html',
      '<ul>{{#files}}<li>{{{name}}}</li>{{/files}}</ul>\n{{> button-start}}Open{{> button-end}}\n',
    ],
    ['referral', 'subject', '{{#firstName}}Hello'],
  ];

  it('is refused by the API when it loads the tenant: the default is used, with a warning naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-overrides-'));
    try {
      for (const [kind, part, source] of overrides) {
        mkdirSync(join(dir, kind), { recursive: true });
        writeFileSync(join(dir, kind, `${part}.mustache`), source);
      }
      // An own template without a raw value stays in use.
      mkdirSync(join(dir, 'invitation'));
      writeFileSync(join(dir, 'invitation', 'subject.mustache'), 'Welcome aboard, {{firstName}}');
      const config = { id: 77, name: 'Own Templates', domain: 'own.example' };
      const tenant = {
        ...config,
        slug: 'own',
        hashidsSalt: 'own.example',
        defaultFlags: {},
        captcha: false,
        mail: { brand: mailBrand(config), sender: mailSender(config), dkim: undefined, overrides: dir },
      } as unknown as ApiTenantConfig;
      const warnings: { file: string }[] = [];
      const mail = createBrandedMail([tenant], {}, { warn: (obj) => void warnings.push(obj as never) });
      expect(warnings.map((w) => w.file).sort()).toEqual(
        overrides.map(([kind, part]) => join(dir, kind, `${part}.mustache`)).sort(),
      );
      for (const [kind] of overrides) {
        const sample = MAIL_KINDS[kind].sample as Record<string, unknown>;
        const values = Object.fromEntries(
          Object.entries(sample).map(([name, value]) => [
            name,
            typeof value === 'string'
              ? `${value}${evil}`
              : Array.isArray(value)
                ? value.map((item) => ({ ...item, name: `${(item as { name: string }).name}${evil}` }))
                : value,
          ]),
        );
        const message = mail.compose({ tenant: config, kind, to: 'c@own.example', values } as MailDraft);
        expect(message.html, kind).not.toContain('<img src=x');
        expect(message.html, kind).toContain(Mustache.escape(evil));
      }
      const invitation = mail.compose({
        tenant: config,
        kind: 'invitation',
        to: 'c@own.example',
        values: MAIL_KINDS.invitation.sample,
      } as MailDraft);
      expect(invitation.subject).toBe(`Welcome aboard, ${MAIL_KINDS.invitation.sample.firstName}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
