/**
 * An admin's keys and their standing, in Chromium against the real API (PGlite, seeded) behind the tenant's own
 * address: a second admin makes a key on the API keys screen, which shows the integration API's full base
 * address, and the key works there (the integration API is proxied at the tenant's address like the others);
 * deactivating that admin names the key in the dialog first, the key is then refused, and the keys list shows
 * it stopped and why. axe on each changed view.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  expectNoSeriousViolations,
  fromMail,
  newContext,
  signIn,
  toastOf,
  useAppStack,
  useSignedInPage,
  callApiFrom,
} from './app-support';

const app = useAppStack(['demo']);
const admin = useSignedInPage(app, 'demo', 'admin@demo.test', 'admin-key-rules');

const unique = Math.random().toString(36).slice(2, 8);
const email = `kay.keymaker.${unique}@demo.test`;
const keyName = `Billing sync ${unique}`;
let makerId: number;
let key: string;
let makerContext: BrowserContext | undefined;
let maker: Page;

const asAdmin = (method: string, url: string, body?: unknown) =>
  callApiFrom<{ id: number }>(admin.page, method, url, body);

const withKey = (path: string) =>
  fetch(`${admin.origin}${path}`, { headers: { authorization: `Bearer ${key}` } });

beforeAll(async () => {
  // A second admin, invited and with a password, signed in in a browser of their own.
  const since = Date.now() - 1000;
  const added = await asAdmin('POST', '/api/v1/admin/people', {
    email,
    first_name: 'Kay',
    last_name: 'Keymaker',
    role_id: 1,
    invite: true,
  });
  expect(added.status).toBe(201);
  makerId = added.body.data.id;
  // The mail is quoted-printable: a long line of it may break (a "=" at its end) inside the link's token.
  const link = await fromMail(email, since, /\/invitation\/((?:[A-Za-z0-9_-]|=\r?\n)+)/);
  const token = link.replace(/=\r?\n/g, '');
  const tenantId = await admin.page.evaluate(
    () =>
      (JSON.parse(document.getElementById('portal-config')!.textContent!) as { tenantId: number }).tenantId,
  );
  const accepted = await fetch(`${admin.origin}/api/password/invitation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-id': String(tenantId) },
    body: JSON.stringify({ token, password: PASSWORD, password_confirmation: PASSWORD }),
  });
  expect(accepted.status, await accepted.text()).toBe(200);
  makerContext = await newContext();
  maker = await makerContext.newPage();
  await signIn(maker, admin.origin, email);
});
afterAll(() => makerContext?.close());

describe('a key at the tenant’s address', () => {
  it('is made on a screen showing the full base address, and works there', async () => {
    await maker.goto(`${admin.origin}/admin/api-keys`);
    await maker.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    const base = `${admin.origin}/integration/v1/`;
    await maker.getByText(base, { exact: true }).waitFor();
    await maker.getByText(`${base}openapi.json`, { exact: true }).waitFor();
    await maker.getByLabel('Name').fill(keyName);
    await maker.getByLabel('Access').selectOption('read-write');
    await maker.getByRole('button', { name: 'Make key' }).click();
    const shown = maker.getByRole('region', { name: `Your new key: ${keyName}` });
    key = await shown.getByLabel('API key').innerText();
    await expectNoSeriousViolations(maker, 'api keys with the base address');

    const who = await withKey('/integration/v1/key');
    expect(who.status).toBe(200);
    expect(who.headers.get('content-type')).toContain('application/json');
    expect(((await who.json()) as { data: { name: string } }).data.name).toContain(keyName);
    const openapi = await fetch(`${base}openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });
});

describe('deactivating the admin who made it', () => {
  it('names the key in the dialog, then the key is refused and listed as stopped, with why', async () => {
    const page = admin.page;
    await page.goto(`${admin.origin}/admin/people/${makerId}`);
    await page.getByRole('heading', { level: 1, name: 'Kay Keymaker' }).waitFor();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Deactivate Kay Keymaker?' });
    const keys = dialog.getByRole('list', {
      name: 'This API key, made by Kay Keymaker, stops working until they are reactivated:',
    });
    await keys.getByText(keyName).waitFor();
    expect(await keys.innerText()).toContain(`${key.slice(0, 12)}…`);
    await expectNoSeriousViolations(page, 'deactivation dialog with keys', 'body');
    await admin.shot('deactivate-dialog');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await toastOf(page, 'Kay Keymaker was deactivated.').waitFor();

    const refused = await withKey('/integration/v1/key');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toMatch(/has been deactivated/);

    await page.goto(`${admin.origin}/admin/api-keys`);
    const card = page.getByRole('listitem').filter({ hasText: keyName });
    await card
      .getByText(
        'Stopped: Kay Keymaker, who made it, is deactivated. It works again if they are reactivated; otherwise revoke it and make a new key.',
      )
      .waitFor();
    await card.getByRole('button', { name: `Revoke ${keyName}` }).waitFor();
    await expectNoSeriousViolations(page, 'api keys with a stopped key');
    await admin.shot('stopped-key');
  });
});
