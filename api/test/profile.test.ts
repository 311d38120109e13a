// /profile, /coachprofile and the error report: own profile only, unknown fields refused, pictures
// checked by their bytes and served as attachments, the coach through coach_clients, reports stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALPHA, BETA, Harness, nextIp } from './helpers/harness.js';
import type { TestUser } from './helpers/harness.js';
import { multipart } from './helpers/multipart.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let me: TestUser;
let other: TestUser;
let token: string;
let otherToken: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (as: string, fields: Parameters<typeof multipart>[0]) => {
  const { payload, contentType } = multipart(fields);
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/student/profilephoto/update',
    headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${as}`, 'content-type': contentType },
    payload,
  });
};

beforeAll(async () => {
  await h.start();
  me = await h.createUser();
  other = await h.createUser();
  token = (await signIn(h, { user: me })).token;
  otherToken = (await signIn(h, { user: other })).token;
});
afterAll(() => h.stop());

describe('students/update and students/updatetwo', () => {
  it('changes the caller’s own details and answers with the profile', async () => {
    const res = await h.call('POST', `/api/v1/students/update/${me.id}`, {
      token,
      body: {
        first_name: ' Rachel ',
        last_name: 'Kowalski',
        title: 'Owner',
        website: 'https://example.com',
        time_zone: 'Europe/Lisbon',
        birthday: '1979-11-02',
        phone_number: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: me.id,
      first_name: 'Rachel',
      title: 'Owner',
      time_zone: 'Europe/Lisbon',
      birthday: '1979-11-02',
      phone_number: null,
    });
    const social = await h.call('POST', `/api/v1/students/updatetwo/${me.id}`, {
      token,
      body: { linkedin: 'https://www.linkedin.com/in/rachel', twitter: null },
    });
    expect(social.statusCode).toBe(200);
    expect(social.json().data).toMatchObject({
      linkedin: 'https://www.linkedin.com/in/rachel',
      title: 'Owner',
    });
  });

  it('refuses another user’s id (403) and changes nothing', async () => {
    const res = await h.call('POST', `/api/v1/students/update/${other.id}`, {
      token,
      body: { first_name: 'Mallory', last_name: 'X' },
    });
    expect(res.statusCode).toBe(403);
    const mine = await h.call('GET', '/api/v1/me', { token: otherToken });
    expect(mine.json().data.first_name).not.toBe('Mallory');
  });

  it('refuses fields a client may not set (role, company, flags, tokens) and bad values (422)', async () => {
    for (const extra of [{ role_id: 1 }, { company_id: 9 }, { group_coaching: true }, { pas_token: 'x' }]) {
      const res = await h.call('POST', `/api/v1/students/update/${me.id}`, {
        token,
        body: { first_name: 'A', last_name: 'B', ...extra },
      });
      expect(res.statusCode).toBe(422);
    }
    const script = await h.call('POST', `/api/v1/students/updatetwo/${me.id}`, {
      token,
      body: { facebook: 'javascript:alert(1)' },
    });
    expect(script.statusCode).toBe(422);
    const zone = await h.call('POST', `/api/v1/students/update/${me.id}`, {
      token,
      body: { first_name: 'A', last_name: 'B', time_zone: 'Mars/Olympus' },
    });
    expect(zone.statusCode).toBe(422);
    expect(zone.json().error.time_zone).toBeDefined();
  });

  it('adds https:// to a web address typed without it, and refuses other schemes with a plain sentence', async () => {
    const details = await h.call('POST', `/api/v1/students/update/${me.id}`, {
      token,
      body: { first_name: 'Rachel', last_name: 'Kowalski', website: ' acme-bakery.com/shop ' },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().data.website).toBe('https://acme-bakery.com/shop');
    const social = await h.call('POST', `/api/v1/students/updatetwo/${me.id}`, {
      token,
      body: { linkedin: 'www.linkedin.com/in/rachel', twitter: 'acme.com:8080/x', facebook: '' },
    });
    expect(social.json().data).toMatchObject({
      linkedin: 'https://www.linkedin.com/in/rachel',
      twitter: 'https://acme.com:8080/x',
    });
    const sentence = ['Enter a web address, like https://example.com.'];
    for (const facebook of ['javascript:alert(1)', 'data:text/html,x', 'https://', 'acme bakery.com']) {
      const res = await h.call('POST', `/api/v1/students/updatetwo/${me.id}`, { token, body: { facebook } });
      expect(res.statusCode, facebook).toBe(422);
      expect(res.json(), facebook).toEqual({ error: { facebook: sentence } });
    }
  });

  it('names each field with a sentence a person can act on (422), never ajv’s own text', async () => {
    const res = await h.call('POST', `/api/v1/students/update/${me.id}`, {
      token,
      body: { first_name: '', last_name: 'x'.repeat(101), phone_number: 'call me', birthday: '02/11/1979' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        first_name: ['This field is required.'],
        last_name: ['Enter at most 100 characters.'],
        phone_number: ['Enter a phone number with digits, spaces and + ( ) . / - x only.'],
        birthday: ['Enter a date as YYYY-MM-DD, or leave it empty.'],
      },
    });
  });

  it('needs a session', async () => {
    const res = await h.call('POST', `/api/v1/students/update/${me.id}`, {
      body: { first_name: 'A', last_name: 'B' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('student/profilephoto/update', () => {
  it('stores a real image and serves it back as an attachment with nosniff', async () => {
    const res = await upload(token, {
      id: String(me.id),
      file: { name: 'me.png', type: 'image/png', bytes: PNG },
    });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.profile_pic;
    expect(url).toMatch(/^\/api\/v1\/student\/profilephoto\/[A-Za-z0-9_-]{22}$/);
    const photo = await h.app.inject({ method: 'GET', url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-disposition']).toMatch(/^attachment;/);
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.rawPayload.equals(PNG)).toBe(true);

    // A new picture gets a new address; the old one stops working.
    const again = await upload(token, {
      id: String(me.id),
      file: { name: 'me.png', type: 'image/png', bytes: PNG },
    });
    expect(again.json().data.profile_pic).not.toBe(url);
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('checks the type by content: HTML named .png is refused', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload(token, {
      id: String(me.id),
      file: { name: 'x.png', type: 'image/png', bytes: html },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.file[0]).toMatch(/PNG, JPEG, GIF or WebP/);
  });

  it('refuses more than 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(token, {
      id: String(me.id),
      file: { name: 'big.png', type: 'image/png', bytes: big },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.file[0]).toMatch(/5 MB/);
  });

  it('refuses another user’s id', async () => {
    const res = await upload(token, {
      id: String(other.id),
      file: { name: 'me.png', type: 'image/png', bytes: PNG },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('clientportal/coach/profile/', () => {
  it('answers the caller’s coach, null without one, 403 for someone else', async () => {
    const at = h.clock.now();
    const coachUser = await h.createUser({
      first_name: 'Margaret',
      last_name: 'Osei',
      title: 'Senior Coach',
    });
    const coach = await h.db
      .insertInto('coaches')
      .values({
        tenant_id: ALPHA,
        user_id: coachUser.id,
        bio: 'Twelve years of cafés.',
        specialties: 'Cash flow',
        certifications: 'ICF PCC',
        years_experience: 12,
        booking_url: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('coach_clients')
      .values({ coach_id: coach.id, client_id: me.id, tenant_id: ALPHA, since: at })
      .execute();

    const res = await h.call('POST', '/api/v1/clientportal/coach/profile/', {
      token,
      body: { company_id: null, client_id: me.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: 'Margaret',
      bio: 'Twelve years of cafés.',
      years_experience: 12,
    });
    expect(res.json().data).not.toHaveProperty('password_hash');

    const none = await h.call('POST', '/api/v1/clientportal/coach/profile/', {
      token: otherToken,
      body: { client_id: other.id },
    });
    expect(none.json()).toEqual({ data: null });

    const spy = await h.call('POST', '/api/v1/clientportal/coach/profile/', {
      token: otherToken,
      body: { client_id: me.id },
    });
    expect(spy.statusCode).toBe(403);
  });
});

describe('users/error/logs/', () => {
  const report = {
    url: 'http://portal/notes',
    host: 'portal',
    pathname: '/notes',
    user_id: 'abcdefgh',
    message: 'TypeError: x is undefined',
    subject: 'Coaching Portal: x is undefined',
  };
  const reportsOf = (subject: string) =>
    h.db.selectFrom('error_reports').selectAll().where('subject', '=', subject).execute();

  it('stores the report for the support team (201), with or without a session', async () => {
    const res = await h.call('POST', '/api/v1/users/error/logs/', { body: report });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { received: true } });
    const [row] = await reportsOf(report.subject);
    expect(row).toMatchObject({ tenant_id: ALPHA, ...report, ip: '127.0.0.1' });
    // The log names the report and its request; the text is in the table, not in the log.
    const line = h.logs.find((l) => l.includes('client error report'));
    expect(JSON.parse(line!)).toMatchObject({ reqId: row!.request_id, report_id: row!.id, tenant: ALPHA });
    const unknownTenant = await h.call('POST', '/api/v1/users/error/logs/', {
      tenant: BETA + 1000,
      body: report,
    });
    expect(unknownTenant.statusCode).toBe(404);
  });

  it('keeps the first 4,000 characters of a long message, marked as cut, and logs none of it', async () => {
    const subject = 'Coaching Portal: a very long stack';
    const message = `Error: boom\n${'    at frame (chunk.js:1:1)\n'.repeat(700)}`.slice(0, 20_000);
    const before = h.logs.length;
    const res = await h.call('POST', '/api/v1/users/error/logs/', { body: { ...report, subject, message } });
    expect(res.statusCode).toBe(201);
    const [row] = await reportsOf(subject);
    expect(row!.message).toBe(`${message.slice(0, 4000)}\n[… ${message.length - 4000} more characters cut]`);
    const logged = h.logs.slice(before).join('');
    expect(logged).not.toContain('at frame');
    expect(logged.length).toBeLessThan(2000);
  });

  // The call needs no token, so the per-IP flood guard is all that stops one address from filling the table.
  it('is behind the per-IP flood guard', async () => {
    const app = await h.build({ authRequestsPerMinute: 2 });
    try {
      const send = (remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/users/error/logs/',
          remoteAddress,
          headers: { 'x-tenant-id': String(ALPHA) },
          payload: { ...report, subject: 'Coaching Portal: flood' },
        });
      const ip = nextIp();
      expect((await send(ip)).statusCode).toBe(201);
      expect((await send(ip)).statusCode).toBe(201);
      const refused = await send(ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await reportsOf('Coaching Portal: flood')).toHaveLength(2);
      expect((await send(nextIp())).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });
});
