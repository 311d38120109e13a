// A tenant's own mail templates (tenants/<slug>/mail/<kind>/) are checked by `portal validate` like its config:
// one fixture per mistake in test/fixtures/mail/, each reported with its file, line and column.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailKinds } from '../../contracts/mail/mail-kinds.js';
import { formatReport, loadTenants, type LoadedTenant, type Problem } from '../src/lib/tenants/index.js';
import { FIXTURES, REPO, minimalConfig, tempDir, writeTenant } from './helpers.js';

const dir = path.join(FIXTURES, 'mail');
let tenants: Map<string, LoadedTenant>;

beforeAll(async () => {
  tenants = new Map((await loadTenants({ tenantsDir: dir })).map((t) => [t.slug, t]));
});

/** A fixture's problems, each as "<file below the fixture>:<line>:<col> <keyword>" and its message. */
const problemsOf = (slug: string) =>
  tenants.get(slug)!.problems.map((p: Problem) => ({
    at: `${path.relative(path.join(dir, slug), p.file)}:${p.line}:${p.column}`,
    keyword: p.keyword,
    message: p.message,
    suggestion: p.suggestion,
    severity: p.severity,
  }));

describe('mail template overrides', () => {
  it('accepts every default template of templates/mail/ as an override of its own kind', async () => {
    const tenantsDir = await tempDir();
    const dir = await writeTenant(tenantsDir, 'defaults', minimalConfig());
    for (const kind of mailKinds)
      await cp(path.join(REPO, 'templates', 'mail', kind), path.join(dir, 'mail', kind), { recursive: true });
    const [tenant] = await loadTenants({ tenantsDir });
    expect(tenant!.problems).toEqual([]);
  });

  it('accepts a good override of the wording, the subject and the HTML', () => {
    expect(problemsOf('good-override')).toEqual([]);
    expect(tenants.get('good-override')!.config).not.toBeNull();
  });

  it('refuses an unknown placeholder, with the one meant', () => {
    expect(problemsOf('unknown-placeholder')).toEqual([
      {
        at: 'mail/otp/text.mustache:1:7',
        keyword: 'mail-placeholder',
        message: 'unknown placeholder {{firstName}} in the otp mail',
        suggestion: null,
        severity: 'error',
      },
      {
        at: 'mail/otp/text.mustache:3:38',
        keyword: 'mail-placeholder',
        message: 'unknown placeholder {{minuets}} in the otp mail',
        suggestion: 'minutes',
        severity: 'error',
      },
    ]);
    expect(tenants.get('unknown-placeholder')!.config).toBeNull();
  });

  it('refuses a template without a required value: a reset without its link', () => {
    expect(problemsOf('missing-required')).toMatchObject([
      {
        at: 'mail/reset/html.mustache:1:1',
        keyword: 'mail-required',
        message: 'the reset mail must show {{link}} in its html part',
      },
    ]);
  });

  it('refuses triple mustaches and {{& }}: no value goes out unescaped', () => {
    expect(problemsOf('unescaped')).toMatchObject([
      {
        at: 'mail/client-message/html.mustache:2:20',
        keyword: 'mail-unescaped',
        message: '{{{body}}} writes the value unescaped: use {{body}}, every mail value is escaped',
      },
      {
        at: 'mail/client-message/html.mustache:3:12',
        keyword: 'mail-unescaped',
        message: '{{& sender}} writes the value unescaped: use {{sender}}, every mail value is escaped',
      },
    ]);
  });

  it('refuses malformed HTML, as html-validate reports it', () => {
    const problems = problemsOf('malformed-html');
    expect(problems.every((p) => p.keyword === 'mail-html')).toBe(true);
    expect(problems).toContainEqual(
      expect.objectContaining({ at: 'mail/otp/html.mustache:2:32', message: "Unclosed element '<strong>'" }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        at: 'mail/otp/html.mustache:3:2',
        message: '<img> is missing required "alt" attribute',
      }),
    );
  });

  it('refuses a button whose text does not contrast with its colour (WCAG AA 4.5:1)', () => {
    expect(problemsOf('low-contrast-button')).toEqual([
      {
        at: 'mail/login-link/html.mustache:3:38',
        keyword: 'mail-contrast',
        message: 'text #ffffff on #fbbf24 has a contrast of 1.67:1, below 4.5:1 (WCAG AA)',
        suggestion: null,
        severity: 'error',
      },
    ]);
  });

  it('refuses an unclosed section, an unknown kind and an unknown file', () => {
    expect(problemsOf('broken-syntax')).toMatchObject([
      {
        at: 'mail/meeting/text.mustache:5:1',
        keyword: 'mail-syntax',
        message: 'not a valid mustache template: Unclosed section "scheduled"',
      },
    ]);
    expect(problemsOf('bad-names')).toMatchObject([
      { at: 'mail/one-time-password:1:1', keyword: 'mail-kind' },
      { at: 'mail/otp/body.mustache:1:1', keyword: 'mail-file' },
    ]);
  });

  it('prints each problem at its own file:line:col in the validate report', () => {
    const report = formatReport([tenants.get('unknown-placeholder')!], {
      cwd: dir,
      color: false,
      codeFrames: true,
    });
    expect(report).toContain(
      'unknown-placeholder/mail/otp/text.mustache:3:38  mail/otp  unknown placeholder {{minuets}} in the otp mail (minutes)',
    );
    // The code frame is the template's line, with the caret under the tag.
    expect(report).toContain('Your code is {{code}}; it expires in {{minuets}} minutes.');
  });
});
