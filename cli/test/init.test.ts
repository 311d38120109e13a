import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { run, type Prompts } from '../src/commands/init.js';
import {
  CONTRAST_PAIRS,
  contrastRatio,
  loadTenants,
  MIN_CONTRAST,
  resolveColors,
  type TenantConfig,
} from '../src/lib/tenants/index.js';
import { defaultColors, hslToRgb, parseHex, rgbToHsl, toHex } from '../src/lib/tenants/colors.js';
import { renderTenantJson } from '../src/lib/tenants/scaffold.js';
import { REPO, minimalConfig, tempDir, testContext, writeTenant } from './helpers.js';

const SCAFFOLD = {
  id: 42,
  name: 'Acme Coaching',
  domain: 'portal.acme.com',
  apiUrl: '/',
  primary: '#14143f',
};
const FLAGS = { id: '42', name: 'Acme Coaching', domain: 'portal.acme.com', apiUrl: 'https://api.acme.com' };

/** Scripted prompts: answers in order; each must pass the prompt's own validation, as a person's would. */
function scripted(answers: string[]): Prompts & { asked: string[]; rejected: string[] } {
  const queue = [...answers];
  const asked: string[] = [];
  const rejected: string[] = [];
  return {
    asked,
    rejected,
    async input(question) {
      asked.push(question.message);
      for (;;) {
        const next = queue.shift();
        if (next === undefined) throw new Error(`no scripted answer for "${question.message}"`);
        const answer = next === '' ? (question.default ?? '') : next;
        const verdict = question.validate(answer);
        if (verdict === true) return answer;
        rejected.push(`${answer}: ${verdict}`);
      }
    },
  };
}

describe('portal init', () => {
  it('scaffolds a tenant from flags alone that validates with --strict', async () => {
    const dir = await tempDir();
    const ctx = testContext(dir);
    expect(await run({ ...FLAGS, yes: true }, ctx, ['acme'])).toBe(0);
    expect((await readdir(path.join(dir, 'acme'))).sort()).toEqual(['logo.svg', 'tenant.json']);
    const [tenant] = await loadTenants({ tenantsDir: dir, strict: true });
    expect(tenant?.problems).toEqual([]);
    expect(tenant?.config).toMatchObject({
      id: 42,
      name: 'Acme Coaching',
      domain: 'portal.acme.com',
      apiUrl: 'https://api.acme.com',
    });
    expect(tenant?.config?.theme?.colors?.primary).toBe('#14143f');
    // Booking starts with the schema's notice, no video rooms and one phone call a coach may change.
    expect(tenant?.config?.booking).toEqual({
      noticeHours: 24,
      rooms: { kind: 'none' },
      meetingTypes: [
        { name: 'Intro call', minutes: 30, description: 'A first talk with your coach.', location: 'phone' },
      ],
    });
    expect(ctx.err.text).toContain('Next, for a release: portal build --tenant acme');
    // No footer given: no mail block, and init says what the mails will miss and how to add it.
    expect(tenant?.config?.mail).toBeUndefined();
    expect(ctx.err.text).toContain(
      'Its mails carry no postal address or contact line yet: add "mail": { "address": "…", "contact": "…" } to',
    );
  });

  it("writes the mails' footer from --address and --contact (tenant.json's mail block)", async () => {
    const dir = await tempDir();
    const footer = { address: '1 Harbour Row, Cork, Ireland', contact: 'hello@acme.com · +353 21 555 0100' };
    expect(await run({ ...FLAGS, ...footer, yes: true }, testContext(dir), ['acme'])).toBe(0);
    const [tenant] = await loadTenants({ tenantsDir: dir, strict: true });
    expect(tenant?.problems).toEqual([]);
    expect(tenant?.config?.mail).toEqual(footer);
  });

  it('writes hostile names as JSON strings: no invalid JSON, no injected keys', async () => {
    const dir = await tempDir();
    const name = 'Evil", "id": 1, "x": "\\ {{y}} \u2028 & \'';
    expect(await run({ ...FLAGS, name, yes: true }, testContext(dir), ['evil'])).toBe(0);
    const written = JSON.parse(await readFile(path.join(dir, 'evil', 'tenant.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(written.name).toBe(name);
    expect(written.id).toBe(42);
    expect(written).not.toHaveProperty('x');
    expect(await readFile(path.join(dir, 'evil', 'logo.svg'), 'utf8')).not.toContain('"Evil"');
  });

  it('defaults the API URL to the same origin, as the example tenants, so the local preview reaches the API', async () => {
    const dir = await tempDir();
    const { apiUrl: _, ...flags } = FLAGS;
    const ctx = testContext(dir);
    expect(await run({ ...flags, yes: true }, ctx, ['newco'])).toBe(0);
    const [tenant] = await loadTenants({ tenantsDir: dir, strict: true });
    expect(tenant?.problems).toEqual([]);
    expect(tenant?.config?.apiUrl).toBe('/');
    expect(ctx.err.text).toContain(
      'builds it and serves it at http://newco.localhost:4173/\n     (demo logins such as client@newco.test, password portal-demo-1)',
    );
    // The first admin, once the API that npm start runs serves the new tenant.
    expect(ctx.err.text).toContain(
      '2. `npx portal admin invite --tenant newco <email> --first-name <name> --last-name <name>`\n     invites its first admin by mail',
    );
  });

  it('picks inverse text that passes contrast for a light primary colour', async () => {
    const dir = await tempDir();
    expect(await run({ ...FLAGS, primary: '#a0c4ff', yes: true }, testContext(dir), ['light'])).toBe(0);
    const [tenant] = await loadTenants({ tenantsDir: dir, strict: true });
    expect(tenant?.problems).toEqual([]);
    // A deep shade of the primary's blue, not black.
    expect(tenant?.config?.theme?.colors?.textInverseColor).toMatch(
      /^#[0-2][0-9a-f][0-3][0-9a-f][3-9a-f][0-9a-f]$/,
    );
  });

  it('derives buttons, inverse text and brand-coloured text from a teal primary that pass --strict', async () => {
    const dir = await tempDir();
    expect(await run({ ...FLAGS, primary: '#14b8a6', yes: true }, testContext(dir), ['teal'])).toBe(0);
    const [tenant] = await loadTenants({ tenantsDir: dir, strict: true });
    expect(tenant?.problems).toEqual([]);
    const colors = resolveColors(tenant!.config!);
    expect(colors.primary).toBe('#14b8a6');
    // Primary buttons are the brand's teal, darkened until their white text reads (not the default navy).
    expect(colors.buttonPrimaryColor).not.toBe(defaultColors().buttonPrimaryColor);
    expect(rgbToHsl(parseHex(colors.buttonPrimaryColor))[0]).toBeCloseTo(rgbToHsl(parseHex('#14b8a6'))[0], 0);
    expect(contrastRatio(colors.buttonTextColor, colors.buttonPrimaryColor)).toBeGreaterThanOrEqual(
      MIN_CONTRAST,
    );
    // Text on the teal bars is a deep teal, neither black nor an unreadable white.
    expect(colors.textInverseColor).not.toMatch(/^#(000000|ffffff)$/);
    expect(contrastRatio(colors.textInverseColor, colors.primary)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(colors.primaryTextColor, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it('derives a theme where every pair the app draws passes, whatever the primary', async () => {
    const failing: string[] = [];
    for (let hue = 0; hue < 360; hue += 30) {
      for (const lightness of [0.1, 0.3, 0.45, 0.6, 0.8, 0.95]) {
        const primary = toHex(hslToRgb([hue, 0.8, lightness]));
        const json = await renderTenantJson({ ...SCAFFOLD, primary }, REPO);
        const colors = resolveColors(JSON.parse(json) as TenantConfig);
        for (const { foreground, background } of CONTRAST_PAIRS) {
          const [name, bg] =
            typeof background === 'string'
              ? [background, colors[background]]
              : [background.name, background.color];
          const ratio = contrastRatio(colors[foreground], bg);
          if (ratio < MIN_CONTRAST) failing.push(`${primary}: ${foreground} on ${name} ${ratio}`);
        }
      }
    }
    expect(failing).toEqual([]);
  });

  it('asks only for what no flag gave, re-asking after an invalid answer', async () => {
    const dir = await tempDir();
    await writeTenant(dir, 'taken', minimalConfig({ id: 1500, domain: 'taken.example' }));
    const prompts = scripted([
      'new-co',
      '1500',
      '',
      'taken.example',
      'portal.new-co.com',
      '#0f766e',
      '1 Harbour Row, Cork',
      '',
    ]);
    const ctx = testContext(dir, { interactive: true });
    expect(await run({ name: 'New Co', apiUrl: '/' }, ctx, [], { prompts })).toBe(0);
    expect(prompts.asked).toEqual([
      'Tenant folder name (slug)',
      'Tenant id (fixed and unique)',
      'Brand domain, such as portal.acme.com',
      'Primary brand colour',
      "Postal address in every mail's footer (Enter to leave it out)",
      "How to reach the business in every mail's footer: an email, a phone (Enter to leave it out)",
    ]);
    expect(prompts.rejected).toEqual([
      '1500: this id is already used by tenant "taken"',
      'taken.example: this domain is already used by tenant "taken"',
    ]);
    const created = (await loadTenants({ tenantsDir: dir })).find((tenant) => tenant.slug === 'new-co');
    // The empty answer took the suggested default: the next free id.
    expect(created?.config).toMatchObject({
      id: 1501,
      name: 'New Co',
      domain: 'portal.new-co.com',
      apiUrl: '/',
    });
    expect(created?.config?.theme?.colors?.primary).toBe('#0f766e');
    // The mails' footer: the address given, the contact left out (Enter).
    expect(created?.config?.mail).toEqual({ address: '1 Harbour Row, Cork' });
  });

  it('refuses bad flag values with exit 2, naming every one', async () => {
    const dir = await tempDir();
    const error = await run(
      { id: '-1', name: 'ok', domain: 'Not A Host', apiUrl: 'javascript:x', primary: 'red', yes: true },
      testContext(dir),
      ['ok'],
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ exitCode: 2 });
    const message = (error as Error).message;
    for (const flag of ['--id "-1": must be at least 1', '--domain', '--api-url', '--primary "red"'])
      expect(message).toContain(flag);
    expect(await readdir(dir)).toEqual([]);
  });

  it('never prompts with --yes or without a terminal: exit 2 naming all missing flags', async () => {
    const dir = await tempDir();
    for (const [options, interactive] of [
      [{ yes: true }, true],
      [{}, false],
    ] as const) {
      const prompts = scripted([]);
      const error = await run({ ...options }, testContext(dir, { interactive }), [], { prompts }).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({
        exitCode: 2,
        message: expect.stringMatching(/Missing <slug>, --id, --name, --domain: /),
      });
      expect(prompts.asked).toEqual([]);
    }
  });

  it('gives an example built from the slug and flags that were typed, not always acme', async () => {
    const dir = await tempDir();
    const error = await run({ name: 'Globex Ltd', yes: true }, testContext(dir), ['globex']).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ exitCode: 2 });
    const hint = (error as { hint: string }).hint;
    expect(hint).toContain('portal init globex --id 42 --name "Globex Ltd" --domain portal.globex.com --yes');
    expect(hint).not.toContain('acme');
  });

  it('refuses to overwrite an existing tenant (exit 1)', async () => {
    const dir = await tempDir();
    await writeTenant(dir, 'acme', minimalConfig());
    const before = await readFile(path.join(dir, 'acme', 'tenant.json'), 'utf8');
    await expect(run({ ...FLAGS, yes: true }, testContext(dir), ['acme'])).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringContaining('already exists'),
    });
    expect(await readFile(path.join(dir, 'acme', 'tenant.json'), 'utf8')).toBe(before);
  });

  it('fails in a real process without a TTY, naming the missing flags', async () => {
    const dir = await tempDir();
    const result = await execa('node', ['bin/portal.js', 'init', 'x', '--tenants-dir', dir], {
      cwd: REPO,
      reject: false,
      stdin: 'pipe',
      env: { CI: '' },
    });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Missing --id, --name, --domain: /);
    expect(await readdir(dir)).toEqual([]);
  });
});
