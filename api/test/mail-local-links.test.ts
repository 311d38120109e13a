// The mails of a local stack (`npm start` sets MAIL_LINK_ORIGIN to http://{slug}.localhost:<port>): their links
// and logo open the local portal of the tenant, not its production domain, so a reset or an invitation can be
// followed on this machine. Without it (production), the tenant's domain as before; production refuses it.
import type { FastifyInstance } from 'fastify';
import Mustache from 'mustache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { Harness, nextIp } from './helpers/harness.js';
import { linkToken, waitForMail } from './helpers/mail.js';

const h = new Harness();
let local: FastifyInstance;
beforeAll(async () => {
  await h.start();
  local = await h.build({ mail: { mailDir: h.mailDir, linkOrigin: 'http://{slug}.localhost:4173' } });
});
afterAll(async () => {
  await local?.close();
  await h.stop();
});

const requestReset = (app: FastifyInstance, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/password/create',
    headers: { 'x-tenant-id': '501' },
    remoteAddress: nextIp(),
    payload: { email },
  });

describe('links in the mails of a local stack', () => {
  it('point at the local portal of the tenant, logo included; without MAIL_LINK_ORIGIN at its domain', async () => {
    const user = await h.createUser();
    expect((await requestReset(local, user.email)).statusCode).toBe(200);
    const mail = await waitForMail(h.mailDir, user.email);
    expect(mail.text).toMatch(/http:\/\/alpha\.localhost:4173\/reset\/\S+/);
    const logo = Mustache.escape('http://alpha.localhost:4173/themes/501/mail-logo.png');
    expect(mail.html).toContain(`src="${logo}"`);
    expect(mail.html + mail.text).not.toContain('alpha-coaching.example');

    // Another person: a second reset mail within the minute would be throttled.
    const other = await h.createUser();
    expect((await requestReset(h.app, other.email)).statusCode).toBe(200);
    const production = await waitForMail(h.mailDir, other.email);
    expect(linkToken(production, 'reset').url).toMatch(/^https:\/\/portal\.alpha-coaching\.example\/reset\//);
  });

  it('is read from MAIL_LINK_ORIGIN, an origin only, and refused in production', () => {
    expect(readConfig({ MAIL_LINK_ORIGIN: 'http://{slug}.localhost:4173' }).mailLinkOrigin).toBe(
      'http://{slug}.localhost:4173',
    );
    expect(() => readConfig({ MAIL_LINK_ORIGIN: 'http://x.localhost/path' })).toThrow(
      'MAIL_LINK_ORIGIN must be an origin',
    );
    expect(() =>
      readConfig({ MAIL_LINK_ORIGIN: 'http://{slug}.localhost:4173', NODE_ENV: 'production' }),
    ).toThrow('MAIL_LINK_ORIGIN is for a local stack: unset it in production.');
  });
});
