// A published agreement version reaches the clients it now applies to, on a real migrated database (PGlite, or
// PostgreSQL through scripts/with-postgres.sh): a coach's own reaches that coach's clients; the tenant's reaches
// clients without a coach and those whose coach has none of their own; each in their bell and by mail as their
// channels say. A person still to accept their invitation, and the clients of a coach with their own, hear nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newClient, newCoach } from './helpers/booking.js';
import type { Coach } from './helpers/booking.js';
import { Harness } from './helpers/harness.js';
import type { TestUser } from './helpers/harness.js';
import { mailsTo } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
const ZONE = 'Europe/Warsaw';
let admin: Person;
let coachWithOwn: Coach;
let coachWithout: Coach;
let ownClient: Person;
let tenantClient: Person;
let noMailClient: Person;
let loneClient: Person;
let pending: TestUser;

const publish = (who: Person, title: string) =>
  call(h, who, 'POST', '/api/v1/agreement/editor', {
    title,
    body_html: `<p>${title}: we meet fortnightly.</p>`,
  });

/** The agreement mails a person got (their sign-in code's mail aside). */
const agreementMails = async (email: string) =>
  (await mailsTo(h.mailDir, email)).filter((m) => m.subject.includes('please sign'));

/** The agreement lines in a person's bell, newest last. */
const bellOf = (userId: number) =>
  h.db
    .selectFrom('notifications')
    .select(['title', 'body', 'link'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'agreement')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  await h.start();
  admin = await signIn(h, { role_id: 1 });
  coachWithOwn = await newCoach(h, ZONE);
  coachWithout = await newCoach(h, ZONE);
  ownClient = await newClient(h, coachWithOwn, ZONE);
  tenantClient = await newClient(h, coachWithout, ZONE);
  noMailClient = await newClient(h, coachWithout, ZONE);
  loneClient = await newClient(h, null, ZONE);
  pending = await h.createUser({ password_hash: null });
  const off = await call(h, noMailClient, 'POST', '/api/v1/notifications/preferences', {
    kinds: [{ kind: 'agreement', channels: { in_app: true, mail: false, push: true } }],
  });
  expect(off.statusCode, off.body).toBe(200);
});
afterAll(() => h.stop());

describe('a published agreement version', () => {
  it("a coach's own reaches their clients only, in the bell and by mail", async () => {
    expect((await publish(coachWithOwn, 'Working with Casey')).statusCode).toBe(201);
    expect(await bellOf(ownClient.user.id)).toEqual([
      {
        title: 'Please read and sign "Working with Casey"',
        body: 'Version 1, published now',
        link: '/agreement',
      },
    ]);
    const [mail, ...more] = await agreementMails(ownClient.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain('please sign "Working with Casey"');
    expect(mail!.text).toContain('/agreement');
    for (const other of [tenantClient, noMailClient, loneClient])
      expect(await bellOf(other.user.id)).toEqual([]);
  });

  it("the tenant's reaches clients without a coach and those whose coach has none; mail as each chose", async () => {
    expect((await publish(admin, 'Coaching agreement')).statusCode).toBe(201);
    expect((await publish(admin, 'Coaching agreement')).statusCode).toBe(201);
    for (const told of [tenantClient, noMailClient, loneClient])
      expect((await bellOf(told.user.id)).map((n) => n.body)).toEqual([
        'Version 1, published now',
        'Version 2, published now',
      ]);
    // Published before the response: every mail is out by now.
    expect(await agreementMails(tenantClient.user.email)).toHaveLength(2);
    expect(await agreementMails(loneClient.user.email)).toHaveLength(2);
    expect(await agreementMails(noMailClient.user.email)).toEqual([]);
    // The coach's own still applies to their client; a person who never set a password hears nothing yet.
    expect(await bellOf(ownClient.user.id)).toHaveLength(1);
    expect(await agreementMails(ownClient.user.email)).toHaveLength(1);
    expect(await bellOf(pending.id)).toEqual([]);
    expect(await agreementMails(pending.email)).toEqual([]);
  });
});
