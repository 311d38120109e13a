// Coaching agreements through the API on a real migrated database (PGlite, or PostgreSQL with DATABASE_URL): an
// admin publishes the tenant's agreement and a coach their own; a client signs the current version by typing
// their name and agreeing, which binds the sha256 of the exact text and can never change (the database refuses
// an UPDATE or DELETE); a new version asks for a new signature; everything is audited; another coach's client's
// signature is a 404; the PDF holds the text and the signature's record, names outside Latin-1 included.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assign, call, newClient, newCoach } from './helpers/booking.js';
import type { Coach } from './helpers/booking.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { keyCall, makeApiKey } from './helpers/api-keys.js';
import { pdfText } from './helpers/pdf-text.js';
import { signIn } from './helpers/sign-in.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let admin: Person;
let coach: Coach;
let otherCoach: Coach;
let client: Person;

const TENANT_TEXT =
  '<p>We meet every two weeks. <script>alert(1)</script>Sessions moved with 24 hours&#39; notice are free.</p>' +
  '<ul><li>Confidential</li><li>Paid monthly</li></ul>';

const publish = (who: Person, title: string, body_html: string) =>
  call(h, who, 'POST', '/api/v1/agreement/editor', { title, body_html });

const agreementsOf = async (who: Person) => {
  const res = await call(h, who, 'GET', '/api/v1/agreement');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    version_id: number;
    version: number;
    title: string;
    body_html: string;
    text_sha256: string;
    own_coach: boolean;
    signature: { id: number; typed_name: string; signed_at: string } | null;
  }[];
};

const sign = (who: Person, fields: Record<string, unknown>, userAgent = 'Mozilla/5.0 (Test) Chromium') =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/agreement/sign',
    headers: {
      'x-tenant-id': String(who.user.tenantId),
      authorization: `Bearer ${who.token}`,
      'user-agent': userAgent,
    },
    remoteAddress: '203.0.113.7',
    payload: fields,
  });

/** Signs the client's one current agreement with their name as the test made it. */
async function signCurrent(who: Person, name: string) {
  const [current] = await agreementsOf(who);
  const res = await sign(who, {
    version_id: current!.version_id,
    typed_name: name,
    agreed: true,
    text_sha256: current!.text_sha256,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { signature: { id: number } };
}

beforeAll(async () => {
  await h.start();
  admin = await signIn(h, { role_id: 1 });
  coach = await newCoach(h, 'Europe/Warsaw');
  otherCoach = await newCoach(h, 'Europe/Warsaw');
  client = await signIn(h, { first_name: 'Zoë', last_name: 'Łukasz Ø', time_zone: 'Europe/Warsaw' });
  await assign(h, coach, client);
});
afterAll(() => h.stop());

describe('publishing', () => {
  it('an admin publishes the tenant’s agreement: sanitised, hashed, numbered and audited', async () => {
    const res = await publish(admin, 'Coaching agreement', TENANT_TEXT);
    expect(res.statusCode, res.body).toBe(201);
    const editor = res.json().data;
    expect(editor.scope).toBe('tenant');
    expect(editor.current.version).toBe(1);
    expect(editor.current.body_html).not.toContain('script');
    expect(editor.current.text_sha256).toBe(
      createHash('sha256').update(editor.current.body_html, 'utf8').digest('hex'),
    );
    const audit = await h.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'subject_type'])
      .where('tenant_id', '=', ALPHA)
      .where('action', '=', 'agreement.published')
      .execute();
    expect(audit).toEqual([
      { action: 'agreement.published', actor_user_id: admin.user.id, subject_type: 'agreement' },
    ]);
  });

  it('refuses an empty text or title with the field, and a client editing', async () => {
    const noText = await publish(admin, 'Agreement', '<p> </p><script>text</script>');
    expect(noText.statusCode).toBe(422);
    expect(noText.json().error).toEqual({ body_html: ['Write the agreement’s text.'] });
    const noTitle = await publish(admin, ' ', '<p>Text</p>');
    expect(noTitle.statusCode).toBe(422);
    expect(Object.keys(noTitle.json().error)).toEqual(['title']);
    expect((await publish(client, 'Mine', '<p>x</p>')).statusCode).toBe(403);
  });

  it('a coach without their own sees the tenant’s as inherited', async () => {
    const res = await call(h, otherCoach, 'GET', '/api/v1/agreement/editor');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ scope: 'coach', current: null, inherited: { version: 1 } });
  });
});

describe('signing', () => {
  it('the client sees the tenant’s current version, unsigned', async () => {
    const [current, ...rest] = await agreementsOf(client);
    expect(rest).toEqual([]);
    expect(current).toMatchObject({ version: 1, own_coach: false, signature: null });
  });

  it('refuses a name that is not theirs, an unticked box and a text they did not read', async () => {
    const [current] = await agreementsOf(client);
    const base = { version_id: current!.version_id, text_sha256: current!.text_sha256 };
    const wrong = await sign(client, { ...base, typed_name: 'Someone Else', agreed: false });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.typed_name[0]).toContain('Zoë Łukasz Ø');
    expect(wrong.json().error.agreed).toEqual(['Tick "I agree" to sign.']);
    const unread = await sign(client, {
      ...base,
      text_sha256: 'a'.repeat(64),
      typed_name: 'Zoë Łukasz Ø',
      agreed: true,
    });
    expect(unread.statusCode).toBe(409);
    expect(await h.db.selectFrom('agreement_signatures').select('id').execute()).toEqual([]);
  });

  it('signs with their name typed loosely, keeping the time, address, browser and hash; audited; an event', async () => {
    const [current] = await agreementsOf(client);
    const res = await sign(client, {
      version_id: current!.version_id,
      typed_name: '  zoe lukasz o ',
      agreed: true,
      text_sha256: current!.text_sha256,
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await h.db.selectFrom('agreement_signatures').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      client_id: client.user.id,
      typed_name: 'zoe lukasz o',
      agreed: true,
      ip_address: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (Test) Chromium',
      text_sha256: current!.text_sha256,
      time_zone: 'Europe/Warsaw',
    });
    expect(row.signed_at.toISOString()).toBe(h.clock.now().toISOString());
    expect((await agreementsOf(client))[0]!.signature).toMatchObject({ id: row.id });
    const event = await h.db
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'agreement.signed')
      .executeTakeFirstOrThrow();
    expect(event.data).toMatchObject({ signature_id: row.id, client_id: client.user.id, version: 1 });
    const audit = await h.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'person_id'])
      .where('action', '=', 'agreement.signed')
      .execute();
    expect(audit).toEqual([{ actor_user_id: client.user.id, person_id: client.user.id }]);
    const again = await sign(client, {
      version_id: current!.version_id,
      typed_name: 'Zoë Łukasz Ø',
      agreed: true,
      text_sha256: current!.text_sha256,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a signature and a version cannot be changed or removed, by any query', async () => {
    const change = sql`update agreement_signatures set typed_name = 'Forged'`.execute(h.db);
    await expect(change).rejects.toThrow(/signed record/);
    await expect(sql`delete from agreement_signatures`.execute(h.db)).rejects.toThrow(/signed record/);
    await expect(sql`update agreement_versions set body_html = '<p>other</p>'`.execute(h.db)).rejects.toThrow(
      /signed record/,
    );
    await expect(sql`truncate agreement_signatures`.execute(h.db)).rejects.toThrow(/signed record/);
    const row = await h.db.selectFrom('agreement_signatures').select('typed_name').executeTakeFirstOrThrow();
    expect(row.typed_name).toBe('zoe lukasz o');
  });

  it('a new version asks for a new signature; the old one can no longer be signed', async () => {
    const [old] = await agreementsOf(client);
    const res = await publish(admin, 'Coaching agreement', '<p>We meet weekly now.</p>');
    expect(res.json().data.current.version).toBe(2);
    const [current] = await agreementsOf(client);
    expect(current).toMatchObject({ version: 2, signature: null });
    const stale = await sign(client, {
      version_id: old!.version_id,
      typed_name: 'Zoë Łukasz Ø',
      agreed: true,
      text_sha256: old!.text_sha256,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('newer version');
    await signCurrent(client, 'Zoë Łukasz Ø');
  });

  it("a coach's own agreement overrides the tenant's for their clients only", async () => {
    const res = await publish(otherCoach, 'Agreement with Casey', '<p>Coach’s own terms.</p>');
    expect(res.statusCode, res.body).toBe(201);
    const theirs = await newClient(h, otherCoach, 'UTC', {});
    const [own] = await agreementsOf(theirs);
    expect(own).toMatchObject({ title: 'Agreement with Casey', own_coach: true });
    expect((await agreementsOf(client))[0]!.title).toBe('Coaching agreement');
  });
});

describe('who sees a signature', () => {
  it('the coach sees their client’s; another coach’s client is a 404', async () => {
    const mine = await call(h, coach, 'GET', `/api/v1/coach/clients/${client.user.id}/agreement`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      agreement: { version: 2 },
      signature: { typed_name: 'Zoë Łukasz Ø' },
    });
    const notMine = await call(h, otherCoach, 'GET', `/api/v1/coach/clients/${client.user.id}/agreement`);
    expect(notMine.statusCode).toBe(404);
  });

  it('the PDF goes to the client, their coach and the admin, holding the text and the record', async () => {
    const [current] = await agreementsOf(client);
    const id = current!.signature!.id;
    for (const who of [client, coach, admin]) {
      const res = await call(h, who, 'GET', `/api/v1/agreement/signatures/${id}/pdf`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('attachment');
    }
    const res = await call(h, coach, 'GET', `/api/v1/agreement/signatures/${id}/pdf`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('We meet weekly now.');
    expect(text).toContain('Zoë Łukasz Ø');
    expect(text).toContain('203.0.113.7');
    expect(text).toContain('Mozilla/5.0 (Test) Chromium');
    expect(text).toContain(current!.text_sha256);
    expect(text).toContain('Europe/Warsaw');
  });

  it('another coach, another client and another tenant’s admin get a 404', async () => {
    const [current] = await agreementsOf(client);
    const id = current!.signature!.id;
    const stranger = await newClient(h, coach, 'UTC', {});
    const betaAdmin = await signIn(h, { role_id: 1, tenant_id: BETA });
    for (const who of [otherCoach, stranger, betaAdmin]) {
      const res = await call(h, who, 'GET', `/api/v1/agreement/signatures/${id}/pdf`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('the integration API lists the tenant’s signatures and hands out a PDF; another tenant’s key sees none', async () => {
    const { key } = await makeApiKey(h, { token: admin.token, tenantId: ALPHA }, 'read');
    const list = await keyCall(h.app, key, 'GET', '/integration/v1/agreement-signatures');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as { id: number; client_id: number; version: number }[];
    expect(rows.map((r) => [r.client_id, r.version])).toEqual([
      [client.user.id, 1],
      [client.user.id, 2],
    ]);
    const pdf = await keyCall(h.app, key, 'GET', `/integration/v1/agreement-signatures/${rows[1]!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('We meet weekly now.');
    const betaAdmin = await signIn(h, { role_id: 1, tenant_id: BETA });
    const { key: betaKey } = await makeApiKey(h, { token: betaAdmin.token, tenantId: BETA }, 'read');
    const none = await keyCall(
      h.app,
      betaKey,
      'GET',
      `/integration/v1/agreement-signatures/${rows[1]!.id}/pdf`,
    );
    expect(none.statusCode).toBe(404);
    const empty = await keyCall(h.app, betaKey, 'GET', '/integration/v1/agreement-signatures');
    expect(empty.json().data).toEqual([]);
  });
});
