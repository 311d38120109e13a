/**
 * Coaching agreements in Chromium against the real API (PGlite, seeded): basic@demo, whose signature is of an
 * earlier version, signs the current one at 375 px with the keyboard alone; their coach sees it signed and
 * downloads the PDF, whose text pdf.js reads back (the name typed, the text's hash). In globex, which requires a
 * signed agreement, the admin publishes a new version from the editor, and client@'s booking is refused with
 * the way to sign until they do; then it goes through. axe at 1280 and 375 px in both tenants (screenshots in
 * test-results/).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../api/test/helpers/pdf-text';
import { accessibleAtWidths, callApiFrom, toastOf, useAppStack, useSignedInPage } from './app-support';

const app = useAppStack(['demo', 'globex']);
const basic = useSignedInPage(app, 'demo', 'basic@demo.test', 'agreement-basic');
const coach = useSignedInPage(app, 'demo', 'coach@demo.test', 'agreement-coach');
const admin = useSignedInPage(app, 'globex', 'admin@globex.test', 'agreement-admin');
const globex = useSignedInPage(app, 'globex', 'client@globex.test', 'agreement-globex');

/** The name the form's hint asks for ("As your profile has it: …"). */
async function profileName(page: Page): Promise<string> {
  const hint = await page.getByText(/^As your profile has it: /).textContent();
  return hint!.replace(/^As your profile has it: /, '');
}

async function openAgreement(page: Page, origin: string, next = '') {
  await page.goto(`${origin}/agreement${next}`);
  await page.getByRole('heading', { level: 1, name: 'Coaching agreement' }).waitFor();
  await page.locator('.agreement').first().waitFor();
}

/** Signs by keyboard alone: Tab into the name, type it, Tab to the box, Space, Tab to Sign, Enter. */
async function signByKeyboard(page: Page) {
  const name = await profileName(page);
  await page.getByLabel('Your full name').focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect
    .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).type))
    .toBe('checkbox');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.getByText(/^Signed on /).waitFor();
  return name;
}

let signedName = '';

describe('a client signs, and the coach downloads the signed PDF (demo)', () => {
  it('basic@ is asked to sign the new version, and signs it at 375 px by keyboard', async () => {
    const page = basic.page;
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      // The way there a client finds by themselves: My Profile's Agreement card.
      await page.goto(`${basic.origin}/profile`);
      const card = page.getByRole('region', { name: 'Agreement' });
      await card.getByText('Your coaching agreement waits for your signature.').waitFor();
      await card.getByRole('link', { name: 'Read and sign the agreement' }).click();
      await page.getByRole('heading', { level: 1, name: 'Coaching agreement' }).waitFor();
      await page.getByRole('heading', { name: 'Sign this agreement' }).waitFor();
      await page.getByText(/^Version 2, published/).waitFor();
      // Nothing typed, nothing ticked: both sentences, by their fields, and nothing is sent.
      await page.getByRole('button', { name: 'Sign' }).click();
      await page.getByText('Type your full name to sign.').waitFor();
      await page.getByText('Tick "I agree" to sign.').waitFor();
      await basic.shot('form-375');
      signedName = await signByKeyboard(page);
      await toastOf(page, 'Agreement signed').waitFor();
      await page.getByRole('button', { name: 'Download the signed PDF' }).waitFor();
      await basic.shot('signed-375');
      await page.goBack();
      await page
        .getByRole('region', { name: 'Agreement' })
        .getByRole('link', { name: 'Your agreement' })
        .waitFor();
      await basic.shot('profile-agreement-375');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("the coach sees it signed on the client's page and downloads the PDF, which holds the record", async () => {
    const me = await callApiFrom<{ id: number }>(basic.page, 'GET', '/api/v1/me');
    const page = coach.page;
    await page.goto(`${coach.origin}/coach/clients/${me.body.data.id}`);
    const section = page.getByRole('region', { name: 'Agreement' });
    await section.getByText(/^Signed version 2 on /).waitFor();
    expect(await section.textContent()).toContain(signedName);
    await coach.shot('client-page');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download the signed PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Agreement v2 signed by .+\.pdf$/);
    // The browser runs apart from this process: the file is saved into this stack's own folder, then read.
    const target = path.join(app.stack.work, 'signed-agreement.pdf');
    await download.saveAs(target);
    const text = await pdfText(await readFile(target));
    expect(text).toContain('Coaching agreement');
    expect(text).toContain(signedName);
    expect(text).toContain('Text SHA-256');
    expect(text).toMatch(/[0-9a-f]{64}/);
  });
});

describe('booking waits for the signature where the portal requires it (globex)', () => {
  it('the admin publishes a new version from the editor', async () => {
    const page = admin.page;
    await page.goto(`${admin.origin}/admin/agreement`);
    await page.getByRole('heading', { name: 'Publish a new version' }).waitFor();
    const editor = page.locator('#agreement-body');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Sessions are recorded only with your consent.');
    await admin.shot('editor');
    await page.getByRole('button', { name: 'Publish' }).click();
    await toastOf(page, 'Version 3 published').waitFor();
    await page.getByText(/^Version 3: Coaching agreement/).waitFor();
  });

  it("client@'s booking is refused with the way to sign; signed, it goes through", async () => {
    const page = globex.page;
    await page.goto(`${globex.origin}/book`);
    await page.locator('.choice-list a').first().click();
    await page.locator('.slot-day').first().waitFor();
    await page.locator('.slot-day').first().getByRole('button').first().click();
    await page.getByRole('heading', { level: 2, name: 'Confirm your meeting' }).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    // The toast says it too; the card beside the button carries the way to sign.
    const refusal = page
      .locator('.agreement-due')
      .filter({ hasText: 'Please sign the coaching agreement before booking' });
    await refusal.waitFor();
    await globex.shot('refused');
    const booking = page.url();
    await refusal.getByRole('link', { name: 'Read and sign the agreement' }).click();
    await page.getByText('Please read and sign the agreement first; then you can go on.').waitFor();
    await signByKeyboard(page);
    await page.getByRole('link', { name: 'Back to booking' }).waitFor();
    await page.goto(booking);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your meeting is booked' }).waitFor();
  });
});

describe('accessibility', () => {
  it('has no serious violations at 1280 and 375 px in demo and globex', async () => {
    await accessibleAtWidths(basic.page, [
      { where: 'demo agreement, signed', open: () => openAgreement(basic.page, basic.origin) },
    ]);
    await accessibleAtWidths(globex.page, [
      {
        where: 'globex agreement',
        open: async (width) => {
          await openAgreement(globex.page, globex.origin);
          await globex.shot(`agreement-${width}`);
        },
      },
    ]);
    await accessibleAtWidths(admin.page, [
      {
        where: 'globex editor',
        open: async () => {
          await admin.page.goto(`${admin.origin}/admin/agreement`);
          await admin.page.locator('#agreement-body').waitFor();
        },
      },
    ]);
  });
});
