// `portal mail preview`: a tenant's mails rendered with sample values into files an ops person opens before a
// release, its own templates and brand applied; the CLI contract's streams and exit codes.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_KINDS } from '../../contracts/mail/mail-kinds.js';
import { parseOptions, run } from '../src/commands/mail-preview.js';
import { FIXTURES, REPO, tempDir, testContext } from './helpers.js';

let out: string;
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => rm(out, { recursive: true, force: true }));

const preview = (tenantsDir: string, raw: Record<string, unknown>, args: string[], json = false) => {
  const ctx = testContext(tenantsDir, { json, cwd: out });
  return { ctx, run: () => run(parseOptions({ out, ...raw }), ctx, args) };
};

describe('portal mail preview', () => {
  it('writes every mail of the tenant as HTML and text, listing the files on stdout', async () => {
    const { ctx, run: go } = preview(path.join(REPO, 'tenants'), { tenant: 'globex' }, []);
    expect(await go()).toBe(0);
    const lines = ctx.out.text.trim().split('\n');
    // One line per kind of mail the product sends.
    const kinds = Object.keys(MAIL_KINDS).length;
    expect(lines).toHaveLength(kinds);
    expect(lines[0]).toBe('globex/otp.html  globex/otp.txt  Your Globex Leadership Academy sign-in code');
    const html = await readFile(path.join(out, 'globex', 'otp.html'), 'utf8');
    expect(html).toContain('lang="en-GB"');
    expect(html).toContain('background-color: #14532d');
    expect(html).toContain('482913');
    expect(await readFile(path.join(out, 'globex', 'otp.txt'), 'utf8')).toMatch(
      /^Subject: Your Globex Leadership Academy sign-in code\n\nYour one-time password is: 482913\n/,
    );
    expect(ctx.err.text).toContain(`✔ ${kinds} mails of globex in globex`);
    expect(lines).toContain(
      'globex/email-confirm.html  globex/email-confirm.txt  Confirm your new login email for Globex Leadership Academy',
    );
    expect(await readFile(path.join(out, 'globex', 'email-changed.txt'), 'utf8')).toContain(
      'From now on you sign in to Globex Leadership Academy with jordan@new.example.com',
    );
  });

  it("renders a tenant's own template in place of the default; --json prints only the list", async () => {
    const { ctx, run: go } = preview(path.join(FIXTURES, 'mail'), { tenant: 'good-override' }, ['otp'], true);
    expect(await go()).toBe(0);
    expect(JSON.parse(ctx.out.text)).toEqual({
      tenant: 'good-override',
      dir: 'good-override',
      mails: [
        {
          kind: 'otp',
          subject: 'Good Override Coaching: your code',
          html: 'good-override/otp.html',
          text: 'good-override/otp.txt',
        },
      ],
    });
    expect(await readFile(path.join(out, 'good-override', 'otp.html'), 'utf8')).toContain('Welcome back to');
  });

  it('refuses an unknown kind with a suggestion (exit 2) and a tenant with invalid templates (exit 3)', async () => {
    await expect(
      preview(path.join(REPO, 'tenants'), { tenant: 'acme' }, ['otpp']).run(),
    ).rejects.toMatchObject({
      exitCode: 2,
      message: 'There is no mail "otpp": did you mean "otp"?',
    });
    await expect(preview(path.join(REPO, 'tenants'), {}, []).run()).rejects.toMatchObject({ exitCode: 2 });
    const broken = preview(path.join(FIXTURES, 'mail'), { tenant: 'unescaped' }, []);
    await expect(broken.run()).rejects.toMatchObject({ exitCode: 3 });
    expect(broken.ctx.err.text).toContain('unescaped/mail/client-message/html.mustache:2:20');
    expect(broken.ctx.out.text).toBe('');
  });
});
