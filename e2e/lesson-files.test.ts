/**
 * Files uploaded to a lesson, in Chromium against the real API (PGlite, seeded), in two tenants: the coach
 * makes a group with a member and a published lesson, uploads a PDF and a small WebM video to it (a WebM the
 * browser records from a canvas, so it is a real playable one) and sees a refused file's reason in plain words;
 * the member downloads the PDF with the same bytes and the video element plays it (its time moves). The coach's
 * editor and the client's lesson pass axe at 1280 and 375 px (screenshots in test-results/).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibleAtBothWidths, useAppStack, useSignedInPage } from './app-support';

const app = useAppStack(['demo', 'acme']);
const people = {
  demo: {
    coach: useSignedInPage(app, 'demo', 'coach@demo.test', 'lesson-files-coach'),
    client: useSignedInPage(app, 'demo', 'client@demo.test', 'lesson-files-client'),
  },
  acme: {
    coach: useSignedInPage(app, 'acme', 'coach@acme.test', 'lesson-files-acme-coach'),
    client: useSignedInPage(app, 'acme', 'client@acme.test', 'lesson-files-acme-client'),
  },
};

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);
const LESSON = 'Pricing with files';

/**
 * A changing canvas recorded by the browser as a WebM (VP8) video: 30 frames 40 ms apart, so at least 1.2 s of
 * video (the member's player must get past 0.2 s), counted in frames drawn rather than timed, so a slow
 * machine records as much.
 */
async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(200);
    await new Promise<void>((drawn) => {
      let frame = 0;
      const paint = setInterval(() => {
        context.fillStyle = `hsl(${(frame * 15) % 360} 80% 50%)`;
        context.fillRect(0, 0, 160, 120);
        if (++frame < 30) return;
        clearInterval(paint);
        drawn();
      }, 40);
    });
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  return Buffer.from(bytes);
}

/** The coach's new open group with the client as a member and a published lesson; the lesson editor's URL. */
async function groupWithLesson(page: Page, origin: string, client: string): Promise<string> {
  await page.goto(`${origin}/coach/groups/new`);
  await page.getByRole('heading', { level: 1, name: 'New group' }).waitFor();
  await page.getByLabel('Title').fill('Files cohort');
  await page.getByLabel('Status').selectOption('open');
  await page.getByRole('button', { name: 'Create group' }).click();
  await page.getByRole('heading', { level: 1, name: 'Files cohort' }).waitFor();
  await page.getByLabel('New lesson').fill(LESSON);
  await page.getByRole('button', { name: 'Add lesson' }).click();
  await page.getByRole('heading', { level: 1, name: `Edit lesson: ${LESSON}` }).waitFor();
  const editor = page.url();
  await page.getByLabel('Status').selectOption('published');
  await page.getByText('Saved', { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Back to the group' }).click();
  const picker = page.getByLabel('Add a client');
  const value = await picker.locator('option', { hasText: client }).getAttribute('value');
  await picker.selectOption(value!);
  await page.getByRole('button', { name: 'Add member' }).click();
  await page.getByRole('table').getByText('0 of 1 lessons completed').waitFor();
  await page.goto(editor);
  await page.getByRole('heading', { level: 1, name: `Edit lesson: ${LESSON}` }).waitFor();
  return editor;
}

async function uploadFiles(page: Page, video: Buffer) {
  const uploads = page.getByRole('region', { name: 'Uploaded video and files' });
  // A program named like a PDF: refused, with the reason next to the picker.
  await uploads.getByLabel('Upload files').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
  });
  await uploads.getByText('“notes.pdf” was not added. This type of file is not accepted.').waitFor();
  await uploads.getByLabel('Upload files').setInputFiles({
    name: 'Worksheet.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await uploads.getByRole('button', { name: 'Worksheet.pdf', exact: true }).waitFor();
  await uploads
    .getByLabel('Upload a video')
    .setInputFiles({ name: 'Welcome.webm', mimeType: 'video/webm', buffer: video });
  await uploads.getByRole('button', { name: 'Welcome.webm', exact: true }).waitFor();
  await uploads.getByLabel('Replace the video').waitFor({ state: 'attached' });
}

/** The member opens the lesson from their groups, downloads the PDF and plays the video. */
async function memberGetsFiles(page: Page, origin: string, work: string, tenant: string) {
  await page.goto(`${origin}/groups`);
  await page.getByRole('link', { name: 'Files cohort' }).first().click();
  await page.getByRole('link', { name: LESSON, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: LESSON }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Worksheet.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Worksheet.pdf');
  const target = path.join(work, `${tenant}-worksheet.pdf`);
  await download.saveAs(target);
  expect(await readFile(target)).toEqual(PDF);

  const video = page.getByRole('figure').locator('video');
  await video.waitFor();
  expect(await video.getAttribute('aria-label')).toBe('Lesson video: Welcome.webm');
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.2);
  expect(await video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
  await video.evaluate((element: HTMLVideoElement) => element.pause());
}

describe.each(['demo', 'acme'] as const)('lesson files (%s)', (tenant) => {
  it('the coach uploads a PDF and a video to a published lesson; the member downloads and plays them', async () => {
    const { coach, client } = people[tenant];
    const editor = await groupWithLesson(coach.page, coach.origin, `client@${tenant}.test`);
    await uploadFiles(coach.page, await recordWebm(coach.page));
    await accessibleAtBothWidths(coach.page, `${tenant} lesson editor with uploads`);
    await coach.shot('editor');

    await memberGetsFiles(client.page, client.origin, app.stack.work, tenant);
    await accessibleAtBothWidths(client.page, `${tenant} lesson with files`);
    await client.shot('lesson');

    // Renamed by the coach: the member's next visit shows the new name.
    await coach.page.goto(editor);
    await coach.page.getByRole('button', { name: 'Rename “Worksheet.pdf”' }).click();
    await coach.page.getByLabel('New name for “Worksheet.pdf”').fill('Price sheet');
    await coach.page.getByRole('button', { name: 'Save name' }).click();
    await coach.page.getByRole('button', { name: 'Price sheet.pdf', exact: true }).waitFor();
    await client.page.reload();
    await client.page.getByRole('button', { name: 'Download Price sheet.pdf' }).waitFor();
  });
});
