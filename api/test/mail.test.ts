// The mailbox over /gapi: compose, reply and threads; folders with pagination; read and per-party delete;
// bodies sanitised before storing; another user's or tenant's messages untouchable; messages per hour and
// query size limits; and the coach's notification mail, which no field can add a header to.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ALIASES, MAX_FIELDS } from '../src/graphql/query-limits.js';
import { BETA, Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import { coachAndClient, gql, insertEmails, listEmails, send } from './helpers/mailbox.js';
import type { Person } from './helpers/sign-in.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const markRead = (as: Person, ids: number[], read = true) =>
  gql(
    h,
    as,
    'mutation ($u: Int!, $i: [Int!]!, $r: Boolean) { markEmailRead(user_id: $u, ids: $i, read: $r) }',
    {
      u: as.user.id,
      i: ids,
      r: read,
    },
  );
const deleteEmails = (as: Person, ids: number[]) =>
  gql(h, as, 'mutation ($u: Int!, $i: [Int!]!) { deleteEmails(user_id: $u, ids: $i) }', {
    u: as.user.id,
    i: ids,
  });
const unread = async (as: Person) =>
  (await gql(h, as, 'query ($u: Int!) { unreademails(user_id: $u) }', { u: as.user.id })).data.unreademails;

describe('/gapi mailbox', () => {
  it('a new message goes to the client’s coach; a reply stays in its thread and goes to the other party', async () => {
    const { coach, client } = await coachAndClient(h);
    const first = await send(h, client, {
      subject: 'Pricing question',
      body: '<p>Should I raise prices?</p>',
    });
    expect(first.errors).toBeUndefined();
    const mail = first.data.sendEmail;
    expect(mail).toMatchObject({
      parent: null,
      previous: null,
      from: client.user.id,
      to: coach.user.id,
      fromuser: { id: client.user.id, first_name: 'Cliff', last_name: 'Client' },
      touser: { id: coach.user.id, first_name: 'Cora', last_name: 'Coach' },
      subject: 'Pricing question',
      body: '<p>Should I raise prices?</p>',
      read: true,
      attachments: [],
    });
    expect(new Date(mail.created_at).toISOString()).toBe(mail.created_at);

    const answer = (await send(h, coach, { subject: 'Re: Pricing question', previous: mail.id })).data
      .sendEmail;
    expect(answer).toMatchObject({
      parent: mail.id,
      previous: mail.id,
      from: coach.user.id,
      to: client.user.id,
    });
    const again = (await send(h, client, { subject: 'Re: Pricing question', previous: answer.id })).data
      .sendEmail;
    expect(again).toMatchObject({ parent: mail.id, previous: answer.id, to: coach.user.id });

    for (const person of [client, coach]) {
      const thread = (await listEmails(h, person, { thread: mail.id })).data.emails;
      expect(thread.items.map((e: { id: number }) => e.id)).toEqual([mail.id, answer.id, again.id]);
      expect(thread.total).toBe(3);
    }
    const inbox = (await listEmails(h, coach)).data.emails.items;
    expect(inbox.map((e: { id: number; read: boolean }) => [e.id, e.read])).toEqual([
      [again.id, false],
      [mail.id, false],
    ]);
    const sent = (await listEmails(h, client, { folder: 'sent' })).data.emails.items;
    expect(sent.map((e: { id: number }) => e.id)).toEqual([again.id, mail.id]);
  });

  it('a client without a coach cannot start a message', async () => {
    const loner = await signIn(h);
    const res = await send(h, loner, {});
    // A 422 naming the recipient, so the compose form can say it beside "To: your coach".
    expect(res.statusCode).toBe(422);
    expect(res.errors).toEqual([
      expect.objectContaining({
        message: 'You have no coach to write to yet.',
        extensions: { code: 'BAD_USER_INPUT', field: 'to' },
      }),
    ]);
    expect(
      await h.db.selectFrom('emails').select('id').where('from_user_id', '=', loner.user.id).execute(),
    ).toEqual([]);
  });

  it('markEmailRead marks the caller’s received messages and the unread count follows', async () => {
    const { coach, client } = await coachAndClient(h);
    const first = (await send(h, client, {})).data.sendEmail;
    const reply1 = (await send(h, coach, { previous: first.id })).data.sendEmail;
    const reply2 = (await send(h, coach, { previous: first.id })).data.sendEmail;
    expect(await unread(client)).toBe(2);
    expect((await markRead(client, [reply1.id])).data.markEmailRead).toBe(1);
    expect((await markRead(client, [reply1.id])).data.markEmailRead).toBe(0);
    expect(await unread(client)).toBe(1);
    // Its own sent message is not the sender's to mark.
    expect((await markRead(client, [first.id])).data.markEmailRead).toBe(0);
    expect((await markRead(client, [reply1.id, reply2.id], false)).data.markEmailRead).toBe(1);
    expect(await unread(client)).toBe(2);
  });

  it('an explicit null for a defaulted argument is refused, not read as another folder or as "unread"', async () => {
    const { coach, client } = await coachAndClient(h);
    const first = (await send(h, client, {})).data.sendEmail;
    const reply = (await send(h, coach, { previous: first.id })).data.sendEmail;
    const listed = await gql(
      h,
      client,
      'query ($u: Int!, $f: Folder) { emails(user_id: $u, folder: $f) { total } }',
      { u: client.user.id, f: null },
    );
    expect(listed.data).toBeNull();
    expect(JSON.stringify(listed.errors)).toMatch(/must not be null/);
    const marked = await gql(
      h,
      client,
      'mutation ($u: Int!, $ids: [Int!]!, $r: Boolean) { markEmailRead(user_id: $u, ids: $ids, read: $r) }',
      { u: client.user.id, ids: [reply.id], r: null },
    );
    expect(JSON.stringify(marked.errors)).toMatch(/must not be null/);
    expect(await unread(client)).toBe(1);
  });

  it('deleteEmails hides a message for the caller only', async () => {
    const { coach, client } = await coachAndClient(h);
    const first = (await send(h, client, {})).data.sendEmail;
    const reply = (await send(h, coach, { previous: first.id })).data.sendEmail;
    expect(await unread(client)).toBe(1);
    expect((await deleteEmails(client, [first.id, reply.id])).data.deleteEmails).toBe(2);
    expect((await deleteEmails(client, [first.id, reply.id])).data.deleteEmails).toBe(0);
    expect(await unread(client)).toBe(0);
    expect((await listEmails(h, client, { thread: first.id })).data.emails).toEqual({
      total: 0,
      next_offset: null,
      items: [],
    });
    expect((await listEmails(h, client, { folder: 'sent' })).data.emails.total).toBe(0);
    // The coach keeps both.
    const thread = (await listEmails(h, coach, { thread: first.id })).data.emails.items;
    expect(thread.map((e: { id: number }) => e.id)).toEqual([first.id, reply.id]);
    // A reply to a message the caller deleted is refused like any message they cannot see.
    expect((await send(h, client, { previous: reply.id })).errors?.[0]?.message).toBe('Message not found.');
  });

  it('another user’s or another tenant’s messages: nothing read, marked, deleted or answered', async () => {
    const { coach, client } = await coachAndClient(h);
    const first = (await send(h, client, { body: '<p>private plans</p>' })).data.sendEmail;
    const reply = (await send(h, coach, { previous: first.id })).data.sendEmail;
    const ids = [first.id, reply.id];
    // Both rows, with their read and per-party deleted flags: unread for each recipient, deleted by no one.
    const rows = () => h.db.selectFrom('emails').selectAll().where('id', 'in', ids).orderBy('id').execute();
    const before = await rows();
    expect(before.map((e) => [e.read, e.deleted_by_sender, e.deleted_by_recipient])).toEqual([
      [false, false, false],
      [false, false, false],
    ]);
    const strangers = [await signIn(h), await signIn(h, { tenant_id: BETA })];
    for (const stranger of strangers) {
      const thread = await listEmails(h, stranger, { thread: first.id });
      expect(thread.data.emails).toEqual({ total: 0, next_offset: null, items: [] });
      expect(JSON.stringify(thread)).not.toContain('private plans');
      expect((await markRead(stranger, ids)).data.markEmailRead).toBe(0);
      expect((await markRead(stranger, ids, false)).data.markEmailRead).toBe(0);
      expect((await deleteEmails(stranger, ids)).data.deleteEmails).toBe(0);
      const answer = await send(h, stranger, { previous: first.id });
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]).toMatchObject({
        message: 'Message not found.',
        extensions: { code: 'NOT_FOUND' },
      });
      // Their own user_id only: the client's is a 403.
      const theirs = await gql(h, stranger, 'query ($u: Int!) { emails(user_id: $u) { total } }', {
        u: client.user.id,
      });
      expect(theirs.statusCode).toBe(403);
      expect(theirs.data).toBeNull();
    }
    expect(await rows()).toEqual(before);
    expect((await listEmails(h, client, { thread: first.id })).data.emails.total).toBe(2);
  });

  it('a user sends at most 30 messages an hour: then 429, nothing stored or mailed, until a slot frees', async () => {
    const { coach, client } = await coachAndClient(h);
    await insertEmails(h, client, coach, 30, h.clock.now().getTime() - 59 * 60_000);
    const count = async () =>
      (await h.db.selectFrom('emails').select('id').where('from_user_id', '=', client.user.id).execute())
        .length;
    const mailed = await mailsTo(h.mailDir, coach.user.email);
    const refused = await send(h, client, { subject: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Too many messages. Try again in 60 seconds.',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    expect(await count()).toBe(30);
    expect(await mailsTo(h.mailDir, coach.user.email)).toHaveLength(mailed.length);
    // The coach still answers: the limit is the sender's own.
    const last = (await listEmails(h, coach)).data.emails.items[0];
    expect((await send(h, coach, { previous: last.id })).errors).toBeUndefined();

    h.clock.advance(61_000);
    expect((await send(h, client, { subject: 'An hour on' })).errors).toBeUndefined();
    expect(await count()).toBe(31);
    expect((await waitForMail(h.mailDir, coach.user.email, mailed.length + 1)).subject).toBe(
      'New message from Cliff Client: An hour on',
    );
  });

  it('folders come in pages of at most 50, newest first, with the next offset', async () => {
    const { coach, client } = await coachAndClient(h);
    await insertEmails(h, coach, client, 120, h.clock.now().getTime());
    const first = (await listEmails(h, client)).data.emails;
    expect(first.items).toHaveLength(50);
    expect(first.total).toBe(120);
    expect(first.next_offset).toBe(50);
    expect(first.items[0].subject).toBe('Message 120');
    const last = (await listEmails(h, client, { offset: 100 })).data.emails;
    expect(last.items.map((e: { subject: string }) => e.subject)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Message ${20 - i}`),
    );
    expect(last.next_offset).toBeNull();
    // The last page's total comes without a count, past the end with one: both are the whole folder's.
    expect(last.total).toBe(120);
    const beyond = (await listEmails(h, client, { offset: 200 })).data.emails;
    expect(beyond).toEqual({ items: [], total: 120, next_offset: null });
    const tooMany = await listEmails(h, client, { limit: 51 });
    expect(tooMany.errors?.[0]).toMatchObject({ message: 'Ask for 1 to 50 messages.' });
  });

  it('bodies are sanitised before they are stored: allowed tags stay, scripts, images and bad links go', async () => {
    const { client } = await coachAndClient(h);
    const body =
      '<p onclick="steal()">Hi <b>there</b><script>alert(1)</script></p>' +
      '<img src="https://tracker.example/pixel.gif"><style>p{}</style>' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://example.com/x" target="_blank" rel="opener">good</a>' +
      '<a href="mailto:me@example.com">mail</a><iframe src="https://evil.example"></iframe>' +
      '<ul><li>one</li></ul><blockquote>q</blockquote><pre><code>x</code></pre><u>u</u><div>div</div>';
    const mail = (await send(h, client, { body })).data.sendEmail;
    const stored = await h.db
      .selectFrom('emails')
      .select('body')
      .where('id', '=', mail.id)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe(mail.body);
    expect(stored.body).toBe(
      '<p>Hi <b>there</b></p>' +
        '<a rel="noopener noreferrer">bad</a> <a href="https://example.com/x" rel="noopener noreferrer">good</a>' +
        '<a href="mailto:me@example.com" rel="noopener noreferrer">mail</a>' +
        '<ul><li>one</li></ul><blockquote>q</blockquote><pre><code>x</code></pre><u>u</u>div',
    );
    const empty = await send(h, client, { body: '<script>only()</script><img src="x">' });
    expect(empty.errors?.[0]?.message).toBe('Write a message.');
  });

  it('refuses a query nested 10 levels, with too many aliases or too many fields', async () => {
    const { client } = await coachAndClient(h);
    const deep = await gql(
      h,
      client,
      `{ a: __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }`,
    );
    expect(deep.statusCode).toBe(400);
    expect(deep.errors?.[0]?.message).toMatch(/exceeds the query depth limit of 6/);

    const aliases = Array.from({ length: 500 }, (_, i) => `a${i}: unreademails(user_id: ${client.user.id})`);
    const many = await gql(h, client, `{ ${aliases.join(' ')} }`);
    expect(many.statusCode).toBe(400);
    expect(many.data).toBeNull();
    expect(many.errors?.[0]?.message).toBe(`The query uses 500 aliases; at most ${MAX_ALIASES} are allowed.`);

    // Fragments count wherever they are spread.
    const spreads = Array.from({ length: 30 }, () => '...F').join(' ');
    const wide = await gql(
      h,
      client,
      `query { emails(user_id: ${client.user.id}) { items { ${spreads} } } }
       fragment F on Email { id subject body read from to created_at updated_at }`,
    );
    expect(wide.statusCode).toBe(400);
    expect(wide.errors?.[0]?.message).toBe(
      `The query asks for 242 fields; at most ${MAX_FIELDS} are allowed.`,
    );

    const fine = await listEmails(h, client);
    expect(fine.statusCode).toBe(200);
  });
});

describe('the coach hears about a client’s message', () => {
  async function rawMailTo(address: string) {
    const files = (await readdir(h.mailDir)).filter((f) => f.endsWith('.eml')).sort();
    const raws = await Promise.all(files.map((f) => readFile(join(h.mailDir, f), 'utf8')));
    // The notices only (the sign-in code went to the same address first).
    return raws.filter((raw) => raw.includes(`To: ${address}`) && raw.includes('Subject: New message'));
  }

  it('mails the coach a plain-text notice with the client’s name, subject and text', async () => {
    const { coach, client } = await coachAndClient(h);
    await send(h, client, { subject: 'Hiring plan', body: '<p>Can we talk about <b>hiring</b>?</p>' });
    const mail = await waitForMail(h.mailDir, coach.user.email);
    expect(mail.subject).toBe('New message from Cliff Client: Hiring plan');
    expect(mail.text).toContain('Can we talk about hiring?');
    expect(mail.text).not.toContain('<b>');
    const [raw] = await rawMailTo(coach.user.email);
    expect(raw).toMatch(/^From: Alpha Coaching <no-reply@portal\.alpha-coaching\.example>$/m);
    expect(raw).toMatch(/^Content-Type: text\/plain/m);
    // The coach's answer mails the client a notice that leads to their messages (the login code came first).
    const first = (await listEmails(h, coach)).data.emails.items[0];
    await send(h, coach, { previous: first.id });
    const notice = await waitForMail(h.mailDir, client.user.email, 2);
    expect(notice.subject).toBe('New message from Cora Coach: Hello');
    expect(notice.text).toContain('/messages');
    expect(await mailsTo(h.mailDir, client.user.email)).toHaveLength(2);
  });

  it('a NUL or other control character in the subject or body is refused by field, and nothing is stored', async () => {
    const { client } = await coachAndClient(h);
    const before = await h.db.selectFrom('emails').select('id').execute();
    for (const [field, input, message] of [
      ['subject', { subject: 'Hi\u0000' }, 'Must not contain line breaks or control characters.'],
      ['body', { body: '<p>Hi\u0000</p>' }, 'Must not contain control characters.'],
      ['body', { body: '<p>Hi\u001b[2J</p>' }, 'Must not contain control characters.'],
    ] as const) {
      const res = await send(h, client, input);
      expect(res.errors?.[0], field).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field },
      });
    }
    expect(await h.db.selectFrom('emails').select('id').execute()).toEqual(before);
    // Tabs and line breaks are what people type in a body.
    expect((await send(h, client, { body: '<p>Line one\n\tLine two\r\n</p>' })).errors).toBeUndefined();
  });

  it('a subject with a line break is refused; names with line breaks cannot add headers', async () => {
    const { coach, client } = await coachAndClient(h, undefined, {
      first_name: 'Eve\r\nBcc: victim@evil.example',
      last_name: 'X\nX-Injected: yes',
    });
    const before = await h.db.selectFrom('emails').select('id').execute();
    const res = await send(h, client, { subject: 'Hi\r\nBcc: victim@evil.example' });
    expect(res.errors?.[0]).toMatchObject({
      message: 'Must not contain line breaks or control characters.',
      extensions: { code: 'BAD_USER_INPUT', field: 'subject' },
    });
    expect(await h.db.selectFrom('emails').select('id').execute()).toEqual(before);

    await send(h, client, { subject: 'Plain subject' });
    await waitForMail(h.mailDir, coach.user.email);
    const [raw] = await rawMailTo(coach.user.email);
    // Folded header lines joined, so a header hidden in a continuation line would show.
    const head = raw!.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/^X-Injected:/im);
    expect(head.match(/^To:/gm)).toHaveLength(1);
    expect(head).toMatch(
      /^Subject: New message from Eve Bcc: victim@evil\.example X X-Injected: yes: Plain subject$/m,
    );
  });
});
