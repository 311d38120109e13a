// The notification centre: an event tells the other party only (never the one who acted), in their bell with a
// link to their own page of it; the list, mark-read and the shell's badge answer the caller's own notifications
// alone (another person's ids are not marked, another tenant's never seen); a person's choice of channels is
// honoured (in-app off: no line); each notification mail carries a one-click unsubscribe that works without
// signing in, for its kind alone, and a forged or altered token is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPage } from '../../contracts/rest/notifications.js';
import { readConfig } from '../src/config.js';
import { queuedMail } from '../src/services/mail/outbox-repository.js';
import { channelsOf } from '../src/services/notifications/channels.js';
import { sql } from 'kysely';
import type { PushJob } from '../src/services/notifications/notify.js';
import { as } from './helpers/coach.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import { startSmtp, type Received } from './helpers/smtp.js';
import { coachAndClient, send } from './helpers/mailbox.js';
import { signIn } from './helpers/sign-in.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let client: Person;
let other: { coach: Person; client: Person };

beforeAll(async () => {
  await h.start();
  ({ coach, client } = await coachAndClient(h));
  other = await coachAndClient(h, BETA);
});
afterAll(() => h.stop());

const list = async (who: Person, query = ''): Promise<NotificationsPage> => {
  const res = await as(h, who, 'GET', `/api/v1/notifications${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const badge = async (who: Person) => (await as(h, who, 'GET', '/api/v1/notifications/badge')).json().data;
const coachWrites = (subject: string, to = client, from = coach) =>
  as(h, from, 'POST', '/api/v1/coach/messages', { client_id: to.user.id, subject, body: '<p>Hello</p>' });

describe('a message tells the other party only', () => {
  it("a coach's message: the client's bell links to the thread, the coach's stays as it was", async () => {
    const coachBefore = (await list(coach)).items.length;
    const sent = await coachWrites('Your plan for May');
    expect(sent.statusCode).toBe(201);
    const thread = sent.json().data.parent ?? sent.json().data.id;
    const [told] = (await list(client)).items;
    expect(told).toMatchObject({
      kind: 'message',
      title: 'New message from Cora Coach',
      body: 'Your plan for May',
      link: `/messages/thread/${thread}`,
      read_at: null,
    });
    expect((await list(coach)).items).toHaveLength(coachBefore);
  });

  it("the client's reply: the coach's bell links to the thread in the coach's workspace", async () => {
    const res = await send(h, client, { subject: 'Re: plan', body: '<p>Thanks</p>' });
    const email = res.data.sendEmail;
    const [told] = (await list(coach)).items;
    expect(told).toMatchObject({
      kind: 'message',
      title: 'New message from Cliff Client',
      link: `/coach/messages/${email.parent ?? email.id}`,
    });
  });
});

describe('list, mark read and badge answer the caller alone', () => {
  it('pages newest first; the badge counts the unread notifications and the unread messages', async () => {
    await coachWrites('Second');
    await coachWrites('Third');
    const all = await list(client);
    const page = await list(client, '?limit=2');
    expect(page.items.map((i) => i.id)).toEqual(all.items.slice(0, 2).map((i) => i.id));
    expect(page.next_before).toBe(page.items[1]!.id);
    const rest = await list(client, `?limit=2&before=${page.next_before}`);
    expect(rest.items[0]!.id).toBe(all.items[2]!.id);
    const unreadMail = await h.db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('to_user_id', '=', client.user.id)
      .where('read', '=', false)
      .executeTakeFirstOrThrow();
    expect(await badge(client)).toEqual({ notifications: all.items.length, messages: Number(unreadMail.n) });
  });

  it("another person's ids are not marked read; the caller's own are", async () => {
    const coachItem = (await list(coach)).items[0]!;
    const clientItems = (await list(client)).items;
    const marked = await as(h, client, 'POST', '/api/v1/notifications/read', {
      ids: [coachItem.id, clientItems[0]!.id],
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toEqual({ unread: clientItems.length - 1 });
    expect((await list(coach)).items[0]!.read_at).toBeNull();
    expect((await list(client)).items[0]!.read_at).not.toBeNull();
    const all = await as(h, client, 'POST', '/api/v1/notifications/read', { all: true });
    expect(all.json().data).toEqual({ unread: 0 });
    expect((await badge(client)).notifications).toBe(0);
    expect((await badge(coach)).notifications).toBeGreaterThan(0);
  });

  it("another tenant's person never sees these, and their own bell is theirs", async () => {
    expect((await list(other.client)).items).toEqual([]);
    expect((await coachWrites('Beta hello', other.client, other.coach)).statusCode).toBe(201);
    const [theirs] = (await list(other.client)).items;
    expect(theirs!.title).toBe('New message from Cora Coach');
    expect((await list(client)).items.map((i) => i.id)).not.toContain(theirs!.id);
    // Their id, sent to ALPHA, marks nothing there.
    await as(h, client, 'POST', '/api/v1/notifications/read', { ids: [theirs!.id] });
    expect((await list(other.client)).items[0]!.read_at).toBeNull();
    // A token of one tenant with the other's header is refused.
    const crossed = await h.call('GET', '/api/v1/notifications', {
      tenant: ALPHA,
      token: other.client.token,
    });
    expect(crossed.statusCode).not.toBe(200);
  });

  it('refuses a body that is neither ids nor all, and an admin has no messages to count', async () => {
    expect((await as(h, client, 'POST', '/api/v1/notifications/read', {})).statusCode).toBe(422);
    expect((await as(h, client, 'POST', '/api/v1/notifications/read', { all: false })).statusCode).toBe(422);
    expect((await as(h, client, 'POST', '/api/v1/notifications/read', { ids: [] })).statusCode).toBe(422);
    const admin = await signIn(h, { role_id: 1 });
    expect(await badge(admin)).toEqual({ notifications: 0, messages: 0 });
  });
});

describe('preferences', () => {
  it("list the kinds of the caller's role, null where a kind never uses a channel", async () => {
    const mine = (await as(h, client, 'GET', '/api/v1/notifications/preferences')).json().data;
    const kinds = mine.kinds.map((k: { kind: string }) => k.kind);
    expect(kinds).toContain('message');
    expect(kinds).toContain('ticket');
    expect(kinds).not.toContain('request');
    expect(mine.kinds.find((k: { kind: string }) => k.kind === 'message').channels).toEqual({
      in_app: true,
      mail: true,
      push: true,
    });
    expect(mine.quiet_hours).toBeNull();
    expect(mine.tenant_quiet_hours).toEqual({ from: '21:00', to: '08:00' });
    expect(mine).not.toHaveProperty('morning_summary');
    const coaches = (await as(h, coach, 'GET', '/api/v1/notifications/preferences')).json().data;
    expect(coaches.kinds.map((k: { kind: string }) => k.kind)).toContain('request');
    expect(coaches.morning_summary).toBe(false);
  });

  it('refuse per field what cannot be saved', async () => {
    const save = (who: Person, body: unknown) =>
      as(h, who, 'POST', '/api/v1/notifications/preferences', body);
    const refused = await save(client, {
      kinds: [
        { kind: 'request', channels: { in_app: false, mail: false, push: false } },
        { kind: 'message', channels: { in_app: null, mail: true, push: true } },
      ],
      quiet_hours: { from: '22:00', to: '22:00' },
      morning_summary: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().error).sort()).toEqual([
      'kinds.0.kind',
      'kinds.1.channels.in_app',
      'morning_summary',
      'quiet_hours.to',
    ]);
    expect((await save(client, { quiet_hours: { from: '25:00', to: '07:00' } })).statusCode).toBe(422);
    // The coach's morning summary is its switch and its mail channel together.
    const coachSaved = await save(coach, { morning_summary: true });
    expect(coachSaved.json().data.morning_summary).toBe(true);
    expect((await channelsOf(h.db, coach.user.id, 'morning_summary')).mail).toBe(true);
  });

  it('in-app off: a message makes no line in the bell (mail still goes); quiet hours are kept', async () => {
    const saved = await as(h, client, 'POST', '/api/v1/notifications/preferences', {
      kinds: [{ kind: 'message', channels: { in_app: false, mail: true, push: true } }],
      quiet_hours: { from: '22:30', to: '06:45' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.quiet_hours).toEqual({ from: '22:30', to: '06:45' });
    const before = (await list(client)).items.length;
    const mailsBefore = (await mailsTo(h.mailDir, client.user.email)).length;
    expect((await coachWrites('Not in the bell')).statusCode).toBe(201);
    await waitForMail(h.mailDir, client.user.email, mailsBefore + 1);
    expect((await list(client)).items).toHaveLength(before);
    await as(h, client, 'POST', '/api/v1/notifications/preferences', {
      kinds: [{ kind: 'message', channels: { in_app: true, mail: true, push: true } }],
      quiet_hours: null,
    });
  });
});

describe('push', () => {
  /** The push jobs queued for `userId` (this harness runs no workers, so they wait in the queue). */
  const pushJobs = async (userId: number) =>
    (
      await sql<{
        data: PushJob;
      }>`select data from pgboss.job where name = 'push' order by created_on`.execute(h.db)
    ).rows
      .map((r) => r.data)
      .filter((d) => d.userId === userId);

  it('queues one push job with the notice in its transaction while push is on, none once it is off', async () => {
    const pair = await coachAndClient(h);
    await coachWrites('Pushed', pair.client, pair.coach);
    const [job, ...more] = await pushJobs(pair.client.user.id);
    expect(more).toEqual([]);
    expect(job).toMatchObject({ userId: pair.client.user.id, kind: 'message' });
    const [row] = (await list(pair.client)).items;
    expect(job!.link).toBe(row!.link);
    expect(job!.title).toBe(row!.title);
    // The coach who wrote hears nothing of their own message.
    expect(await pushJobs(pair.coach.user.id)).toEqual([]);

    await h.db
      .insertInto('notification_preferences')
      .values({ user_id: pair.client.user.id, kind: 'message', channel: 'push', enabled: false })
      .execute();
    await coachWrites('Not pushed', pair.client, pair.coach);
    expect(await pushJobs(pair.client.user.id)).toHaveLength(1);
  });
});

describe('one-click unsubscribe', () => {
  const linkOf = async (who: Person, from = coach) => {
    const count = (await mailsTo(h.mailDir, who.user.email)).length;
    expect((await coachWrites('With a footer', who, from)).statusCode).toBe(201);
    const mail = await waitForMail(h.mailDir, who.user.email, count + 1);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https:\/\/[^>]+)>$/.exec(mail.headers!['List-Unsubscribe'])![1]!;
    const token = url.split('/api/v1/unsubscribe/')[1]!;
    // The footer links to the app's page with the same token.
    expect(mail.text).toContain(`/unsubscribe/${token}`);
    return { path: new URL(url).pathname, token };
  };

  it('answers what the link stops, without signing in', async () => {
    const { path, token } = await linkOf(client);
    const page = await h.call('GET', path, { tenant: null });
    // The token is a secret in a URL: the request's log line has it masked.
    expect(h.logs.join('\n')).not.toContain(token);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toEqual({
      kind: 'message',
      label: 'New messages',
      email_masked: `${client.user.email[0]}•••@example.test`,
    });
  });

  it("a mail client's form-encoded POST turns off that kind's mail only", async () => {
    const { path } = await linkOf(client);
    const res = await h.call('POST', path, {
      tenant: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ kind: 'message', label: 'New messages', mail: false });
    expect(await channelsOf(h.db, client.user.id, 'message')).toEqual({
      in_app: true,
      mail: false,
      push: true,
    });
    expect((await channelsOf(h.db, client.user.id, 'file')).mail).toBe(true);
    expect((await channelsOf(h.db, coach.user.id, 'message')).mail).toBe(true);
    // The next message is not mailed.
    const count = (await mailsTo(h.mailDir, client.user.email)).length;
    expect((await coachWrites('Not mailed')).statusCode).toBe(201);
    expect((await list(client)).items[0]!.title).toBe('New message from Cora Coach');
    expect(await mailsTo(h.mailDir, client.user.email)).toHaveLength(count);
  });

  it("the app's page confirms with no body (the app's post without data)", async () => {
    const { path } = await linkOf(other.client, other.coach);
    const res = await h.call('POST', path, { tenant: BETA });
    expect(res.statusCode).toBe(200);
    expect((await channelsOf(h.db, other.client.user.id, 'message')).mail).toBe(false);
  });

  it('refuses a forged or altered token, and another body', async () => {
    const pair = await coachAndClient(h);
    const { token } = await linkOf(pair.client, pair.coach);
    const [payload, signature] = token.split('.') as [string, string];
    // Another person's id under the same signature.
    const forged = `${Buffer.from(`${coach.user.id}.message`).toString('base64url')}.${signature}`;
    const flipped = `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    const otherKind = `${Buffer.from(`${Buffer.from(payload, 'base64url').toString().split('.')[0]}.file`).toString('base64url')}.${signature}`;
    for (const bad of [forged, flipped, otherKind, `${payload}.`, 'not-a-token-at-all-xxxxxxxx']) {
      const page = await h.call('GET', `/api/v1/unsubscribe/${bad}`, { tenant: null });
      expect([404, 422]).toContain(page.statusCode);
      const post = await h.call('POST', `/api/v1/unsubscribe/${bad}`, { tenant: null, body: {} });
      expect([404, 422]).toContain(post.statusCode);
    }
    expect((await channelsOf(h.db, coach.user.id, 'message')).mail).toBe(true);
    const wrongBody = await h.call('POST', `/api/v1/unsubscribe/${token}`, {
      tenant: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=Later',
    });
    expect(wrongBody.statusCode).toBe(422);
  });

  it('a mail received by an SMTP server carries both headers; POSTing its link turns off that kind alone', async () => {
    const inbox: Received[] = [];
    const smtp = await startSmtp(inbox);
    // An instance of the API that mails over SMTP, on the same database (the people signed in here).
    const viaSmtp = await h.build({ mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailDir: h.mailDir } });
    try {
      const pair = await coachAndClient(h);
      const sent = await viaSmtp.inject({
        method: 'POST',
        url: '/api/v1/coach/messages',
        headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${pair.coach.token}` },
        payload: { client_id: pair.client.user.id, subject: 'Over SMTP', body: '<p>Hello</p>' },
      });
      expect(sent.statusCode).toBe(201);
      const mail = inbox.find((m) => m.to.includes(pair.client.user.email));
      expect(mail).toBeDefined();
      const head = mail!.raw.slice(0, mail!.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      const link = /^List-Unsubscribe: <(https:\/\/[^>]+)>$/m.exec(head)?.[1];
      expect(link).toMatch(/\/api\/v1\/unsubscribe\/[\w-]+\.[\w-]+$/);
      // What a mail client does with it (RFC 8058): a form-encoded POST, no session, no tenant header.
      const res = await viaSmtp.inject({
        method: 'POST',
        url: new URL(link!).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      const after = await Promise.all(
        (['message', 'file', 'meeting'] as const).map(
          async (k) => (await channelsOf(h.db, pair.client.user.id, k)).mail,
        ),
      );
      expect(after).toEqual([false, true, true]);
    } finally {
      await viaSmtp.close();
      await smtp.close();
    }
  });

  it('is signed with a key production must set: at least 32 characters', () => {
    expect(readConfig({}).unsubscribeSecret).toBeUndefined();
    const key = 'k'.repeat(32);
    expect(readConfig({ UNSUBSCRIBE_SECRET: key, NODE_ENV: 'production' }).unsubscribeSecret).toBe(key);
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/UNSUBSCRIBE_SECRET must be set/);
    expect(() => readConfig({ UNSUBSCRIBE_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });

  it('a link signed with another key is refused', async () => {
    const pair = await coachAndClient(h);
    const elsewhere = await h.build({
      mail: { mailDir: h.mailDir, unsubscribeSecret: 'another key'.padEnd(40, '!') },
    });
    try {
      const count = (await mailsTo(h.mailDir, pair.client.user.email)).length;
      expect((await coachWrites('Signed elsewhere', pair.client, pair.coach)).statusCode).toBe(201);
      const mail = await waitForMail(h.mailDir, pair.client.user.email, count + 1);
      const path = new URL(/^<([^>]+)>$/.exec(mail.headers!['List-Unsubscribe'])![1]!).pathname;
      const res = await elsewhere.inject({ method: 'POST', url: path });
      expect(res.statusCode).toBe(404);
      expect((await channelsOf(h.db, pair.client.user.id, 'message')).mail).toBe(true);
    } finally {
      await elsewhere.close();
    }
  });

  it('a notification queued while the mail server is down keeps its unsubscribe headers for the retry', async () => {
    const down = await h.build({ mail: { smtpUrl: 'smtp://127.0.0.1:1', mailDir: h.mailDir } });
    try {
      const pair = await coachAndClient(h);
      const sent = await down.inject({
        method: 'POST',
        url: '/api/v1/coach/messages',
        headers: { 'x-tenant-id': String(ALPHA), authorization: `Bearer ${pair.coach.token}` },
        payload: { client_id: pair.client.user.id, subject: 'Queued', body: '<p>Hello</p>' },
      });
      expect(sent.statusCode).toBe(201);
      const row = await h.db
        .selectFrom('mail_outbox')
        .select(['id', 'attempts'])
        .where('to_address', '=', pair.client.user.email)
        .executeTakeFirstOrThrow();
      const queued = await queuedMail(h.db, { id: row.id, attempt: row.attempts });
      expect(queued?.message.headers).toEqual({
        'List-Unsubscribe': expect.stringMatching(
          /^<https:\/\/[^>]+\/api\/v1\/unsubscribe\/[\w-]+\.[\w-]+>$/,
        ),
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    } finally {
      await down.close();
    }
  });
});
