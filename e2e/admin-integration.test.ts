/**
 * The admin's API keys and Import people screens in Chromium against the real API (PGlite, seeded): the demo
 * admin makes a key, sees it once (never again once dismissed), revokes it with the keyboard after a
 * confirmation; imports a small CSV, its dry run shown first as a table, then imported; a bad file shows every
 * bad row with its line and column and imports nothing. axe at 1280 and 375 px in two tenants.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Visit,
  accessibleAtWidths,
  expectNoSeriousViolations,
  toastOf,
  useAppStack,
  useSignedInPage,
} from './app-support';

const app = useAppStack(['demo', 'acme']);
const admin = useSignedInPage(app, 'demo', 'admin@demo.test', 'admin-integration');
const otherTenant = useSignedInPage(app, 'acme', 'admin@acme.test', 'admin-integration-acme');

let page: Page;
let origin: string;
beforeAll(() => {
  ({ page, origin } = admin);
});

const unique = Math.random().toString(36).slice(2, 8);
const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\n')}\n`),
});

describe('API keys (demo)', () => {
  it('makes a key shown once, with its warning, then lists it by its prefix only', async () => {
    await page.goto(`${origin}/admin/api-keys`);
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await expectNoSeriousViolations(page, 'api keys');
    await page.getByLabel('Name').fill(`CRM sync ${unique}`);
    await page.getByLabel('Access').selectOption('read-write');
    await page.getByRole('button', { name: 'Make key' }).click();
    const shown = page.getByRole('region', { name: `Your new key: CRM sync ${unique}` });
    await shown.waitFor();
    const key = await shown.getByLabel('API key').innerText();
    expect(key).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
    expect(await shown.innerText()).toContain('It will not be shown again');
    await expectNoSeriousViolations(page, 'key shown once');
    await admin.shot('key-shown');
    await shown.getByRole('button', { name: 'I have saved the key' }).click();
    const card = page.getByRole('listitem').filter({ hasText: `CRM sync ${unique}` });
    await card.waitFor();
    expect(await card.innerText()).toContain(`${key.slice(0, 12)}…`);
    expect(await page.content()).not.toContain(key);
  });

  it('revokes a key after a confirmation, with the keyboard', async () => {
    await page.getByRole('button', { name: `Revoke CRM sync ${unique}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: `Revoke CRM sync ${unique}?` });
    await dialog.waitFor();
    await expectNoSeriousViolations(page, 'revoke dialog', 'body');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await toastOf(page, `API key CRM sync ${unique} revoked`).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: `CRM sync ${unique}` });
    await card.getByText(/^Revoked /).waitFor();
    expect(await card.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
  });
});

describe('Import people (demo)', () => {
  it('shows the dry run as a table first, then imports', async () => {
    await page.goto(`${origin}/admin/import`);
    await page.getByRole('heading', { level: 1, name: 'Import people' }).waitFor();
    await expectNoSeriousViolations(page, 'import');
    const people = csvFile('people.csv', [
      'email,first_name,last_name,role,coach_email',
      `ines.${unique}@demo.test,Ines,Import,client,coach@demo.test`,
      `otto.${unique}@demo.test,Otto,Import,client,`,
      'client@demo.test,,,,',
    ]);
    await page.getByLabel('CSV file').setInputFiles(people);
    const plan = page.getByRole('table', { name: 'What importing people.csv would do' });
    await plan.waitFor();
    const rows = plan.getByRole('row');
    expect(await rows.nth(1).innerText()).toMatch(
      new RegExp(`2\\s+ines\\.${unique}@demo\\.test.*Created`, 's'),
    );
    expect(await rows.nth(3).innerText()).toMatch(/4\s+client@demo\.test.*Unchanged/s);
    await expectNoSeriousViolations(page, 'import plan');
    await admin.shot('import-plan');
    // The unchanged row is not sent, nor counted.
    await page.getByRole('button', { name: 'Import 2 people' }).click();
    await toastOf(page, 'Imported 2 people: 2 created, 0 changed').waitFor();
    await page.getByRole('table', { name: 'Imported from people.csv' }).waitFor();

    // The same file again changes nobody: nothing to import, no button.
    await page.getByLabel('CSV file').setInputFiles(people);
    await page.getByText('Nothing to import: every person in people.csv is already up to date.').waitFor();
    expect(await page.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
  });

  it('a bad file shows every bad row with its line and column, and imports nothing', async () => {
    await page
      .getByLabel('CSV file')
      .setInputFiles(
        csvFile('bad.csv', [
          'email,first_name,last_name,role',
          `fine.${unique}@demo.test,Fine,Row,client`,
          'not-an-email,Bad,Email,client',
          `role.${unique}@demo.test,Bad,Role,coahc`,
        ]),
      );
    const problems = page.getByRole('alert').filter({ hasText: 'bad.csv: 2 problems' });
    await problems.waitFor();
    const text = await problems.innerText();
    expect(text).toContain('Line 3, column 1 (email): "not-an-email" is not an email address');
    expect(text).toContain('Line 4, column 4 (role): "coahc" is no role: did you mean "coach"?');
    expect(text).toContain('Nothing was imported');
    expect(await page.getByRole('button', { name: /^Import \d+ people$/ }).count()).toBe(0);
    await expectNoSeriousViolations(page, 'import problems');
  });

  it('reads a European spreadsheet\'s "CSV UTF-8" (BOM, semicolons, CRLF) and a UTF-16 "Unicode text"', async () => {
    const rows = [
      ['email', 'first_name', 'last_name', 'company'],
      [`anders.${unique}@demo.test`, 'Anders', '"Ørsted; Jr."', '"Nordlys, Bøgh & Co"'],
    ];
    const european = `\uFEFF${rows.map((r) => r.join(';')).join('\r\n')}\r\n`;
    await page.getByLabel('CSV file').setInputFiles({
      name: 'europe.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(european),
    });
    const plan = page.getByRole('table', { name: 'What importing europe.csv would do' });
    await plan.waitFor();
    expect(await plan.getByRole('row').nth(1).innerText()).toMatch(
      new RegExp(`2\\s+anders\\.${unique}@demo\\.test.*Created`, 's'),
    );
    const unicodeText = `\uFEFF${rows.map((r) => r.join('\t')).join('\r\n')}\r\n`;
    await page.getByLabel('CSV file').setInputFiles({
      name: 'unicode.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(unicodeText, 'utf16le'),
    });
    await page.getByRole('table', { name: 'What importing unicode.txt would do' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'problem' }).count()).toBe(0);
  });

  it("says what is wrong with a quote in its own words, never the parser's", async () => {
    await page
      .getByLabel('CSV file')
      .setInputFiles(csvFile('quote.csv', ['email,last_name', `q.${unique}@demo.test,Ø"rsted`]));
    const problems = page.getByRole('alert').filter({ hasText: 'quote.csv: 1 problem' });
    await problems.waitFor();
    const text = await problems.innerText();
    expect(text).toContain('Line 2, column 2 ((file)): a double quote in the middle of a cell');
    expect(text).not.toMatch(/Invalid Opening Quote|a quote is found on field/);
  });

  it('has no serious axe violations at 375 px, nor in a second tenant', async () => {
    /** `path` of `site` at each width: its heading, then what `ready` waits for. */
    const visit = (on: Page, site: string, path: string, ready?: () => Promise<unknown>): Visit => ({
      where: site === origin ? path : `acme ${path}`,
      open: async () => {
        await on.goto(`${site}${path}`);
        await on.getByRole('heading', { level: 1 }).waitFor();
        await ready?.();
      },
    });
    const narrow = [
      visit(page, origin, '/admin/api-keys'),
      visit(page, origin, '/admin/import', () => admin.shot('narrow')),
    ];
    await accessibleAtWidths(page, narrow, { widths: [375] });
    const acme = otherTenant.page;
    await accessibleAtWidths(acme, [
      visit(acme, otherTenant.origin, '/admin/api-keys', () =>
        acme.getByText('No API keys yet. Make one above.').waitFor(),
      ),
      visit(acme, otherTenant.origin, '/admin/import'),
    ]);
    await otherTenant.shot('acme');
  });
});
