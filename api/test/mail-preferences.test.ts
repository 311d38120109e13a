// A client chooses which notifications they get by mail (the notification settings). The mailer honours the choice wherever a
// notification is sent: a meeting the coach books for a client who turned meetings off sends nothing, one for a
// client who did not still goes, and the one-time password always goes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_NAMES } from '../../contracts/notifications.js';
import { as, startSignedIn } from './helpers/coach.js';
import { Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let client: Person;
let basic: Person;

beforeAll(async () => {
  [coach, client, basic] = await startSignedIn(h, 'coach', 'client', 'basic');
});
afterAll(() => h.stop());

const preferences = (who: Person) => as(h, who, 'GET', '/api/v1/notifications/preferences');
const save = (who: Person, body: Record<string, unknown>) =>
  as(h, who, 'POST', '/api/v1/notifications/preferences', body);
/** Each kind's mail switch as the page shows it (null: the kind never mails). */
const mailOf = async (who: Person) =>
  Object.fromEntries(
    (
      (await preferences(who)).json().data.kinds as { kind: string; channels: { mail: boolean | null } }[]
    ).map((k) => [k.kind, k.channels.mail]),
  );
const mailSwitch = (kind: string, on: boolean) => ({
  kinds: [{ kind, channels: { in_app: true, mail: on, push: true } }],
});

const book = (who: Person, start: string) =>
  as(h, coach, 'POST', '/api/v1/coach/meetings', {
    client_id: who.user.id,
    title: 'Quarter review',
    agenda: 'Numbers and hiring',
    duration_minutes: 60,
    meeting_url: 'https://meet.example/review',
    start,
  });

describe('mail preferences', () => {
  it('are on by default until the client turns a kind off; the choice is the caller’s own', async () => {
    expect(await mailOf(client)).toMatchObject({
      message: true,
      file: true,
      meeting: true,
      group_session: true,
    });
    expect((await save(client, mailSwitch('meeting', false))).statusCode).toBe(200);
    expect(await mailOf(client)).toMatchObject({ message: true, meeting: false });
    // Another client's choice is untouched.
    expect(await mailOf(basic)).toMatchObject({ meeting: true });
  });

  it('refuses an unknown kind, a wrong value and a kind the role does not receive', async () => {
    expect((await save(client, mailSwitch('otp', false))).statusCode).toBe(422);
    expect((await save(client, { kinds: [{ kind: 'file', channels: { mail: 'no' } }] })).statusCode).toBe(
      422,
    );
    expect((await save(client, mailSwitch('request', false))).statusCode).toBe(422);
    expect(await mailOf(client)).toMatchObject({ meeting: false, file: true });
  });

  it('a kind turned off is not mailed; the same notification to a client who did not mute it is', async () => {
    const mutedBefore = (await mailsTo(h.mailDir, client.user.email)).length;
    const basicBefore = (await mailsTo(h.mailDir, basic.user.email)).length;
    expect((await book(client, '2027-05-03T10:00')).statusCode).toBe(201);
    expect((await book(basic, '2027-05-03T12:00')).statusCode).toBe(201);
    const told = await waitForMail(h.mailDir, basic.user.email, basicBefore + 1);
    expect(told.subject).toContain('New meeting');
    // The muted client's mail would have been written before the other's (same request order, same mailer).
    expect(await mailsTo(h.mailDir, client.user.email)).toHaveLength(mutedBefore);
    expect(h.logs.some((l) => l.includes('its recipient turned this kind off by mail'))).toBe(true);
  });

  it('the one-time password always goes, whatever is muted', async () => {
    // A client of their own (the demo clients' codes were just mailed, and a second is a minute away).
    const user = await h.createUser();
    await h.db
      .insertInto('notification_preferences')
      .values(
        NOTIFICATION_KIND_NAMES.map((kind) => ({ user_id: user.id, kind, channel: 'mail', enabled: false })),
      )
      .execute();
    const { code } = await h.startOtp(user);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('turning a kind’s mail on again mails it again', async () => {
    expect((await save(client, mailSwitch('meeting', true))).statusCode).toBe(200);
    const before = (await mailsTo(h.mailDir, client.user.email)).length;
    expect((await book(client, '2027-05-04T10:00')).statusCode).toBe(201);
    const mail = await waitForMail(h.mailDir, client.user.email, before + 1);
    expect(mail.subject).toContain('New meeting');
  });
});
