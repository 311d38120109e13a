/**
 * The app in Chromium against the real API on a real PostgreSQL server that this file stops and starts again:
 * a note or a message submitted while the database is down gets the API's 503 and its message as a toast, what
 * was typed stays in the form, and the same submit works once the database is back (no reload, no restart).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from '../api/test/helpers/pg-cluster';
import { toastOf, useAppStack, useSignedInPage } from './app-support';

const EMAIL = 'client@demo.test';
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a few seconds.';

let cluster: PgCluster;
// Registered before the stack's hooks: the server runs before the API starts, and is removed after it stops.
beforeAll(async () => {
  cluster = await startPgCluster();
});
afterAll(() => cluster?.destroy());

const app = useAppStack(['demo'], () => ({ DATABASE_URL: cluster.url }));
const user = useSignedInPage(app, 'demo', EMAIL, 'database-down');

let page: Page;
let origin: string;

beforeAll(() => {
  ({ page, origin } = user);
});

/** The answer to the request whose URL or body holds `part` (a REST path, or a GraphQL mutation's name). */
const answer = (part: string) =>
  page.waitForResponse((r) => r.url().includes(part) || (r.request().postData() ?? '').includes(part));

/** Submits with the database stopped: 503, the message shown, the fields as typed; then again with it back. */
async function submitThroughOutage(
  part: string,
  submit: () => Promise<void>,
  fields: [name: string, read: () => Promise<string>, typed: string][],
) {
  cluster.stop();
  try {
    const [res] = await Promise.all([answer(part), submit()]);
    expect(res.status()).toBe(503);
    expect(res.headers()['retry-after']).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({ message: UNAVAILABLE });
    await toastOf(page, UNAVAILABLE).waitFor();
    for (const [, read, typed] of fields) expect(await read()).toBe(typed);
  } finally {
    cluster.start();
  }
  const [res] = await Promise.all([answer(part), submit()]);
  expect(res.status()).toBeLessThan(300);
}

describe('database down (demo client)', () => {
  it('a note typed while the database is down is kept, and saved once it is back', async () => {
    await page.goto(`${origin}/notes`);
    const form = page.getByRole('region', { name: 'New note' });
    const title = form.getByLabel('Title');
    const body = form.getByLabel('Note');
    await title.fill('Pricing review');
    await body.fill('Raise the retainer by 10% from March.');
    await submitThroughOutage('/store/note/', () => form.getByRole('button', { name: 'Add note' }).click(), [
      ['title', () => title.inputValue(), 'Pricing review'],
      ['note', () => body.inputValue(), 'Raise the retainer by 10% from March.'],
    ]);
    await toastOf(page, 'Note saved').waitFor();
    await page.getByRole('heading', { name: 'Pricing review' }).waitFor();
    await user.shot('note-saved');
  });

  it('a message typed while the database is down is kept, and sent once it is back', async () => {
    await page.goto(`${origin}/messages/compose`);
    const subject = page.getByLabel('Subject');
    const body = page.getByLabel('Message', { exact: true });
    await subject.fill('Cash-flow question');
    await body.fill('Can we move Thursday to 3 pm?');
    await submitThroughOutage(
      'mutation SendEmail',
      () => page.getByRole('button', { name: 'Send' }).click(),
      [
        ['subject', () => subject.inputValue(), 'Cash-flow question'],
        ['message', () => body.inputValue(), 'Can we move Thursday to 3 pm?'],
      ],
    );
    await toastOf(page, 'Message sent').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Cash-flow question' }).waitFor();
  });
});
