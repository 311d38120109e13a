// Access tokens: 1 hour idle (419), 12 hours absolute (401), logout revokes, and a token only works with the
// tenant that issued it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA, Harness } from './helpers/harness.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const me = (token?: string, tenant?: number) => h.call('GET', '/api/v1/me', { token, tenant });
const minutes = (n: number) => n * 60_000;

describe('sessions', () => {
  it('GET /api/v1/me answers the profile without tokens', async () => {
    const { user, token } = await signIn(h, { title: 'Owner', birthday: '1980-02-29' });
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      email: user.email,
      title: 'Owner',
      birthday: '1980-02-29',
    });
    expect(res.json().data).not.toHaveProperty('access_token');
  });

  it('no token or an unknown token is 401', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me('x'.repeat(43))).json()).toEqual({ message: 'Unauthenticated.' });
    const raw = await h.call('GET', '/api/v1/me', { headers: { authorization: 'Basic abc' } });
    expect(raw.statusCode).toBe(401);
  });

  it('an hour without a request ends the session with 419', async () => {
    const { token } = await signIn(h);
    h.clock.advance(minutes(59));
    expect((await me(token)).statusCode).toBe(200);
    h.clock.advance(minutes(59));
    expect((await me(token)).statusCode).toBe(200); // use keeps it alive
    h.clock.advance(minutes(60));
    const res = await me(token);
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'Session Expired' });
  });

  it('12 hours after login the session ends with 401 however active it was', async () => {
    const { token } = await signIn(h);
    for (let i = 0; i < 14; i++) {
      h.clock.advance(minutes(50));
      expect((await me(token)).statusCode).toBe(200);
    }
    h.clock.advance(minutes(20)); // 12 h 0 min
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has ended. Please log in again.');
  });

  it('logout answers logout true, then replaying the token is 401', async () => {
    const { token } = await signIn(h);
    const out = await h.call('GET', '/api/auth/logout', { token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { logout: true } });
    expect((await me(token)).statusCode).toBe(401);
    expect((await h.call('GET', '/api/auth/logout', { token })).statusCode).toBe(401);
  });

  it('logout ends only that session', async () => {
    const user = await h.createUser();
    const first = await signIn(h, { user });
    h.clock.advance(61_000);
    const second = await signIn(h, { user });
    await h.call('GET', '/api/auth/logout', { token: first.token });
    expect((await me(second.token)).statusCode).toBe(200);
  });

  it('a token of tenant A is refused through tenant B’s id (403), and an unknown tenant is 404', async () => {
    const { user, token } = await signIn(h);
    const cross = await me(token, BETA);
    expect(cross.statusCode).toBe(403);
    expect(cross.body).not.toContain(user.email);
    expect((await me(token, 999)).statusCode).toBe(404);
  });
});
