/**
 * /resources in Chromium against the real API (PGlite, seeded): the demo client sees the company's files, sends
 * one to the coach with a description, previews it and a PDF (under the baked CSP: a violation would be a
 * console error and fail the test), renames it, downloads it under its new name and deletes it; axe on the
 * page and the preview; the page fits a 375 px phone (screenshots in test-results/).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PNG,
  SHOTS,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  toastOf,
  useAppStack,
  useSignedInPage,
} from './app-support';

const EMAIL = 'client@demo.test';
const FILE_NAME = 'Storefront – café.png';
const RENAMED = 'Storefront sign 2026';
const DESCRIPTION = 'The new sign over the shop, as promised.';
const app = useAppStack(['demo']);
const user = useSignedInPage(app, 'demo', EMAIL, 'resources');

let page: Page;
let origin: string;

beforeAll(() => {
  ({ page, origin } = user);
});

const shot = user.shot;
const toast = (text: string) => toastOf(page, text);
const entries = () => page.getByRole('article');
const entryWith = (name: string) => entries().filter({ hasText: name });

const noSeriousViolations = (where: string, include?: string) =>
  expectNoSeriousViolations(page, where, include);

describe('/resources (demo client)', () => {
  it('lists the company’s files from the coach and the client', async () => {
    await page.goto(`${origin}/resources`);
    await entries().first().waitFor();
    expect(await entries().count()).toBe(4);
    expect(await entryWith('Cash-flow worksheet.pdf').innerText()).toContain('From your coach');
    expect(
      await entryWith('Cash-flow worksheet.pdf')
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);
    await shot('list');
    await noSeriousViolations('list');
  });

  it('sends a file to the coach with a description and sees it listed', async () => {
    const form = page.getByRole('region', { name: 'Send a file to your coach' });
    await form
      .getByLabel('Choose files')
      .setInputFiles({ name: FILE_NAME, mimeType: 'image/png', buffer: PNG });
    await form.getByLabel('Description (optional)').fill(DESCRIPTION);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/companies/newcoachfile/'));
    await form.getByRole('button', { name: 'Send to coach' }).click();
    expect((await sent).status()).toBe(201);
    await toast('File sent successfully to the coach').waitFor();
    const mine = entryWith(FILE_NAME);
    await mine.waitFor();
    expect(await entries().first().innerText()).toContain(FILE_NAME);
    expect(await mine.innerText()).toContain(DESCRIPTION);
    expect(await mine.innerText()).toContain('Sent by you');
    expect(await form.getByLabel('Description (optional)').inputValue()).toBe('');
  });

  it('previews the image and a PDF in the page', async () => {
    await entryWith(FILE_NAME)
      .getByRole('button', { name: `Preview ${FILE_NAME}` })
      .click();
    const dialog = page.getByRole('dialog', { name: FILE_NAME });
    const image = dialog.getByRole('img', { name: FILE_NAME });
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await noSeriousViolations('image preview', '.preview-modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Preview Cash-flow worksheet.pdf' }).click();
    const frame = page.getByTitle('Preview of Cash-flow worksheet.pdf');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    // Chromium's PDF viewer loads inside the frame: the CSP let the object URL through.
    const viewer = () => page.frames().find((f) => f.url().startsWith('chrome-extension://'));
    await expect.poll(() => viewer() !== undefined, { timeout: 10_000 }).toBe(true);
    await viewer()!.waitForLoadState('load');
    await viewer()!.locator('#viewer').waitFor();
    // The viewer titles the document with the file's name (its metadata title), not the blob URL's UUID.
    await expect.poll(() => viewer()!.title()).toBe('Cash-flow worksheet.pdf');
    // The viewport only: a full-page shot leaves the viewer's own frame blank.
    await page.screenshot({ path: path.join(SHOTS, 'resources-pdf-preview.png') });
    await page
      .getByRole('dialog', { name: 'Cash-flow worksheet.pdf' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await frame.waitFor({ state: 'detached' });
  });

  it('renames the file and describes it anew', async () => {
    await page.getByRole('button', { name: `Rename or describe: ${FILE_NAME}` }).click();
    const edit = page.getByRole('region', { name: `Edit: ${FILE_NAME}` });
    await edit.getByLabel('File name').fill(RENAMED);
    await edit.getByLabel('Description').fill(`${DESCRIPTION} Lit at night.`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast('File updated successfully').waitFor();
    // The API kept the extension.
    const renamed = entryWith(`${RENAMED}.png`);
    await renamed.waitFor();
    expect(await renamed.innerText()).toContain('Lit at night.');
  });

  it('downloads it under its new name', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${RENAMED}.png` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${RENAMED}.png`);
    const target = path.join(app.stack.work, 'resource.png');
    await download.saveAs(target);
    expect(await readFile(target)).toEqual(PNG);
  });

  it('deletes it after a confirmation', async () => {
    await page.getByRole('button', { name: `Delete: ${RENAMED}.png` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this file?' });
    await noSeriousViolations('delete dialog', '[role="alertdialog"]');
    await dialog.getByRole('button', { name: 'Delete file' }).click();
    await toast('File DELETED successfully').waitFor();
    await entryWith(`${RENAMED}.png`).waitFor({ state: 'detached' });
    await page.reload();
    await entries().first().waitFor();
    expect(await entryWith(RENAMED).count()).toBe(0);
    expect(await entries().count()).toBe(4);
  });

  it('fits a 375 px phone', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await entries().first().waitFor();
    await expectNoSidewaysScroll(page, 'phone');
    await shot('phone');
    await noSeriousViolations('phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
