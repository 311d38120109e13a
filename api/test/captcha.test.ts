// verifyRecaptchaToken: off without CAPTCHA_SECRET; with it, the provider's siteverify answer decides. The
// provider is a local server on 127.0.0.1 that records what it was sent.
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALPHA, BETA, Harness, PASSWORD, nextIp } from './helpers/harness.js';

const h = new Harness();
const provider: FastifyInstance = Fastify();
const received: Record<string, string>[] = [];
let verifyUrl = '';

beforeAll(async () => {
  provider.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  provider.post('/siteverify', async (request) => {
    const form = request.body as Record<string, string>;
    received.push(form);
    return { success: form.secret === 'shh' && form.response === 'good-token' };
  });
  verifyUrl = `${await provider.listen({ port: 0, host: '127.0.0.1' })}/siteverify`;
  await h.start();
});
afterAll(async () => {
  await h.stop();
  await provider.close();
});

describe('verifyRecaptchaToken', () => {
  it('without a secret, says CAPTCHA is off', async () => {
    const res = await h.call('POST', '/api/auth/verifyRecaptchaToken', { body: { token: 'anything' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { enabled: false, success: true } });
  });

  it('with a secret, asks the provider and passes or fails on its answer', async () => {
    const app = await h.build({ captcha: { secret: 'shh', verifyUrl } });
    const good = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyRecaptchaToken',
      headers: { 'x-tenant-id': '501' },
      remoteAddress: '10.9.9.9',
      payload: { token: 'good-token' },
    });
    expect(good.json()).toEqual({ data: { enabled: true, success: true } });
    expect(received.at(-1)).toEqual({ secret: 'shh', response: 'good-token', remoteip: '10.9.9.9' });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyRecaptchaToken',
      headers: { 'x-tenant-id': '501' },
      payload: { token: 'forged' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ error: { token: ['CAPTCHA verification failed. Please try again.'] } });
    await app.close();
  });
});

// Beta's tenant.json has a captchaSiteKey, Alpha's has none.
describe('past the per-account login limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await h.build({ captcha: { secret: 'shh', verifyUrl } });
  });
  afterAll(() => app.close());

  const hit = (url: string, ip: string, payload: object, tenant = BETA) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'x-tenant-id': String(tenant) },
      remoteAddress: ip,
      payload,
    });
  const captcha = (ip: string, token: string, tenant = BETA) =>
    hit('/api/auth/verifyRecaptchaToken', ip, { token }, tenant);
  const login = (ip: string, email: string, password: string, tenant = BETA) =>
    hit('/api/auth/loginotp', ip, { email, password }, tenant);
  async function lockOut(email: string, tenant = BETA) {
    for (let i = 0; i < 5; i++)
      expect((await login(nextIp(), email, 'nope nope', tenant)).statusCode).toBe(422);
  }

  it('a solved CAPTCHA allows one more attempt from that address, when the tenant has a CAPTCHA', async () => {
    const user = await h.createUser({ tenant_id: BETA });
    await lockOut(user.email);
    const ip = nextIp();
    expect((await login(ip, user.email, PASSWORD)).statusCode).toBe(429);
    expect((await captcha(ip, 'forged')).statusCode).toBe(422);
    expect((await login(ip, user.email, PASSWORD)).statusCode).toBe(429);

    expect((await captcha(ip, 'good-token')).statusCode).toBe(200);
    expect((await login(nextIp(), user.email, PASSWORD)).statusCode).toBe(429); // another address
    expect((await login(ip, user.email, 'still wrong')).statusCode).toBe(422);
    expect((await login(ip, user.email, PASSWORD)).statusCode).toBe(429); // the pass was used

    expect((await captcha(ip, 'good-token')).statusCode).toBe(200);
    const signedIn = await login(ip, user.email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).toMatchObject({ verified: false, user_id: user.id });
  });

  it('a CAPTCHA counts for nothing where the tenant has none', async () => {
    const user = await h.createUser({ tenant_id: ALPHA });
    await lockOut(user.email, ALPHA);
    const ip = nextIp();
    expect((await captcha(ip, 'good-token', ALPHA)).statusCode).toBe(200);
    expect((await login(ip, user.email, PASSWORD, ALPHA)).statusCode).toBe(429);
  });
});
