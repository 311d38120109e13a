// The coach's meetings through the API on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh), with the seeded fixture tenants. A coach schedules, moves and cancels meetings
// with their own clients only; the client sees them on /schedule and is mailed each change with an RFC 5545
// invitation; an overlap with the coach's own time is refused unless confirmed; a start is read in the coach's
// zone with the offset of its own day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail, queuedMail } from '../src/services/mail/outbox-repository.js';
import { as, startSignedIn } from './helpers/coach.js';
import { BETA, Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import type { Mail } from './helpers/mail.js';
import type { Person } from './helpers/sign-in.js';
import { demoUser } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client: Person;
let client2: Person;
let foreignCoach: Person;
let clientZone: string;
// Summer time in Berlin starts on 28 March 2027 (02:00 becomes 03:00).
const coachZone = 'Europe/Berlin';

beforeAll(async () => {
  [coach, coach2, client, client2, foreignCoach] = await startSignedIn(
    h,
    'coach',
    'coach2',
    'client',
    'client2',
    ['coach', BETA],
  );
  await h.db.updateTable('users').set({ time_zone: coachZone }).where('id', '=', coach.user.id).execute();
  clientZone = (
    await h.db
      .selectFrom('users')
      .select('time_zone')
      .where('id', '=', client.user.id)
      .executeTakeFirstOrThrow()
  ).time_zone!;
});
afterAll(() => h.stop());

const meetingCount = async () =>
  Number(
    (
      await h.db
        .selectFrom('meetings')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const book = (who: Person, body: Record<string, unknown>) =>
  as(h, who, 'POST', '/api/v1/coach/meetings', {
    client_id: client.user.id,
    title: 'Quarter review',
    agenda: 'Numbers; hiring, and the plan',
    duration_minutes: 60,
    meeting_url: 'https://meet.example/review',
    ...body,
  });

/** The client's meetings as /schedule shows them. */
const schedule = async (who: Person) =>
  (await as(h, who, 'POST', '/api/v1/clientportal/schedule/')).json().data as {
    upcoming: { id: number; meeting_time: string; title: string }[];
  };

/** The .ics attached to a mail, unfolded into its content lines (RFC 5545 3.1), with the raw text. */
function invitation(mail: Mail) {
  expect(mail.attachments).toHaveLength(1);
  const file = mail.attachments![0]!;
  const lines = file.content.replace(/\r\n[ \t]/g, '').split('\r\n');
  const value = (name: string) =>
    lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))?.replace(/^[^:]*:/, '');
  return { file, raw: file.content, lines, value };
}

/** Every physical line of an .ics ends in CRLF and is at most 75 octets. */
function expectWellFormed(raw: string) {
  expect(raw.endsWith('\r\n')).toBe(true);
  expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of raw.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
}

const wall = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));

describe("the coach's meetings", () => {
  it('schedules a meeting in the coach’s zone; the client sees it and is mailed an invitation', async () => {
    const before = (await mailsTo(h.mailDir, client.user.email)).length;
    const res = await book(coach, { start: '2027-04-06T10:00', place: 'Office, 2nd floor' });
    expect(res.statusCode).toBe(201);
    const meeting = res.json().data;
    // 10:00 in Berlin in April (summer time, UTC+2).
    expect(meeting).toMatchObject({
      client: { id: client.user.id },
      starts_at: '2027-04-06T08:00:00.000Z',
      time_zone: coachZone,
      client_time_zone: clientZone,
      place: 'Office, 2nd floor',
      meeting_url: 'https://meet.example/review',
    });
    expect((await schedule(client)).upcoming).toContainEqual(
      expect.objectContaining({
        id: meeting.id,
        meeting_time: '2027-04-06T08:00:00.000Z',
        place: 'Office, 2nd floor',
      }),
    );

    const mail = await waitForMail(h.mailDir, client.user.email, before + 1);
    expect(mail.subject).toContain('Alpha Coaching');
    expect(mail.subject).toContain(wall(meeting.starts_at, clientZone));
    expect(mail.subject).toContain(clientZone);
    expect(mail.text).toContain(wall(meeting.starts_at, clientZone));
    expect(mail.text).toContain('Office, 2nd floor');
    const ics = invitation(mail);
    expect(ics.file.contentType).toMatch(/^text\/calendar; method=REQUEST/);
    expectWellFormed(ics.raw);
    expect(ics.value('METHOD')).toBe('REQUEST');
    expect(ics.value('UID')).toBe(`meeting-${meeting.id}@portal.alpha-coaching.example`);
    expect(ics.value('SEQUENCE')).toBe('0');
    expect(ics.value('DTSTART')).toBe('20270406T080000Z');
    expect(ics.value('DTEND')).toBe('20270406T090000Z');
    expect(ics.value('DESCRIPTION')).toBe('Numbers\\; hiring\\, and the plan');
    expect(ics.value('LOCATION')).toBe('Office\\, 2nd floor');
    expect(ics.value('ATTENDEE')).toBe(`mailto:${client.user.email}`);
  });

  it('moves a meeting (same UID, higher SEQUENCE) and cancels it (METHOD:CANCEL): gone from /schedule', async () => {
    const meeting = (await book(coach, { start: '2027-04-07T15:00' })).json().data;
    const sent = (await mailsTo(h.mailDir, client.user.email)).length;
    const moved = await as(h, coach, 'POST', `/api/v1/coach/meetings/${meeting.id}`, {
      start: '2027-04-08T16:30',
      duration_minutes: 45,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      starts_at: '2027-04-08T14:30:00.000Z',
      duration_minutes: 45,
      title: 'Quarter review',
    });
    const update = invitation(await waitForMail(h.mailDir, client.user.email, sent + 1));
    expect(update.value('METHOD')).toBe('REQUEST');
    expect(update.value('UID')).toBe(`meeting-${meeting.id}@portal.alpha-coaching.example`);
    expect(update.value('SEQUENCE')).toBe('1');
    expect(update.value('DTSTART')).toBe('20270408T143000Z');

    const cancelled = await as(h, coach, 'POST', `/api/v1/coach/meetings/${meeting.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const mail = await waitForMail(h.mailDir, client.user.email, sent + 2);
    expect(mail.subject).toContain('Meeting cancelled');
    const cancel = invitation(mail);
    expect(cancel.file.contentType).toMatch(/^text\/calendar; method=CANCEL/);
    expectWellFormed(cancel.raw);
    expect(cancel.value('METHOD')).toBe('CANCEL');
    expect(cancel.value('UID')).toBe(`meeting-${meeting.id}@portal.alpha-coaching.example`);
    expect(cancel.value('SEQUENCE')).toBe('2');
    expect(cancel.value('STATUS')).toBe('CANCELLED');
    expect((await schedule(client)).upcoming.map((m) => m.id)).not.toContain(meeting.id);
    expect((await as(h, coach, 'POST', `/api/v1/coach/meetings/${meeting.id}/cancel`)).statusCode).toBe(404);
  });

  it('answers 409 with the overlapping meetings, books nothing, and books when confirmed', async () => {
    const first = (await book(coach, { start: '2027-05-04T09:00' })).json().data;
    const count = await meetingCount();
    const mails = (await mailsTo(h.mailDir, client.user.email)).length;
    const clash = await book(coach, { start: '2027-05-04T09:30', title: 'Clash' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().overlaps).toEqual([
      expect.objectContaining({ id: first.id, title: 'Quarter review' }),
    ]);
    expect(await meetingCount()).toBe(count);
    // Back to back is no overlap.
    const next = await book(coach, { start: '2027-05-04T10:00', title: 'Right after' });
    expect(next.statusCode).toBe(201);
    // Moving a meeting onto another is the same warning, and leaves it where it was.
    const onto = await as(h, coach, 'POST', `/api/v1/coach/meetings/${next.json().data.id}`, {
      start: '2027-05-04T09:15',
    });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().overlaps.map((m: { id: number }) => m.id)).toEqual([first.id]);
    const confirmed = await book(coach, { start: '2027-05-04T09:30', title: 'Clash', confirm_overlap: true });
    expect(confirmed.statusCode).toBe(201);
    expect(await meetingCount()).toBe(count + 2);
    // Mailed: "Right after" and the confirmed one; never a refused booking.
    expect((await mailsTo(h.mailDir, client.user.email)).length).toBe(mails + 2);
    const list = (
      await h.call('GET', '/api/v1/coach/meetings?from=2027-05-04&to=2027-05-04', {
        tenant: coach.user.tenantId,
        token: coach.token,
      })
    ).json().data;
    expect(list.time_zone).toBe(coachZone);
    expect(list.meetings.map((m: { title: string }) => m.title)).toEqual([
      'Quarter review',
      'Clash',
      'Right after',
    ]);
  });

  it('two overlapping bookings sent at once: one is made, the other gets the warning', async () => {
    const count = await meetingCount();
    const results = await Promise.all([
      book(coach, { start: '2027-06-01T11:00' }),
      book(coach, { start: '2027-06-01T11:30' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await meetingCount()).toBe(count + 1);
  });

  it('keeps the wall-clock time across a summer-time change, and refuses a time the clocks skip', async () => {
    const before = await book(coach, { start: '2027-03-27T09:00' });
    const after = await book(coach, { start: '2027-03-29T09:00' });
    expect(before.json().data.starts_at).toBe('2027-03-27T08:00:00.000Z');
    expect(after.json().data.starts_at).toBe('2027-03-29T07:00:00.000Z');
    const moved = await as(h, coach, 'POST', `/api/v1/coach/meetings/${before.json().data.id}`, {
      title: 'Renamed only',
    });
    // An edit that leaves the start keeps it at the same instant.
    expect(moved.json().data.starts_at).toBe('2027-03-27T08:00:00.000Z');
    const gap = await book(coach, { start: '2027-03-28T02:30' });
    expect(gap.statusCode).toBe(422);
    expect(gap.json().error.start[0]).toContain('does not exist');
    const noDay = await book(coach, { start: '2027-02-30T09:00' });
    expect(noDay.statusCode).toBe(422);
  });

  it('validates: an online link is http(s), a meeting is online or somewhere, and still to come', async () => {
    const count = await meetingCount();
    const script = await book(coach, { start: '2027-07-01T09:00', meeting_url: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(422);
    const nowhere = await book(coach, { start: '2027-07-01T09:00', meeting_url: null });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().error.meeting_url).toEqual(['Give an online link or a place.']);
    const past = await book(coach, { start: '2020-01-06T09:00' });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.start).toEqual(['This time has passed. Choose a time still to come.']);
    expect(await meetingCount()).toBe(count);
  });

  it("another coach's client, another tenant's, another coach's meeting: 404 and nothing changes", async () => {
    const mine = (await book(coach, { start: '2027-08-03T09:00' })).json().data;
    const count = await meetingCount();
    const mails = (await mailsTo(h.mailDir, client.user.email)).length;
    const foreignClient = await demoUser(h, 'client', BETA);
    expect((await book(coach, { start: '2027-08-04T09:00', client_id: client2.user.id })).statusCode).toBe(
      404,
    );
    expect((await book(coach, { start: '2027-08-04T09:00', client_id: foreignClient.id })).statusCode).toBe(
      404,
    );
    expect((await book(foreignCoach, { start: '2027-08-04T09:00' })).statusCode).toBe(404);
    const change = await as(h, coach2, 'POST', `/api/v1/coach/meetings/${mine.id}`, { title: 'Taken over' });
    expect(change.statusCode).toBe(404);
    expect((await as(h, coach2, 'POST', `/api/v1/coach/meetings/${mine.id}/cancel`)).statusCode).toBe(404);
    expect((await as(h, foreignCoach, 'POST', `/api/v1/coach/meetings/${mine.id}/cancel`)).statusCode).toBe(
      404,
    );
    const theirs = (
      await h.call('GET', '/api/v1/coach/meetings?from=2027-08-01&to=2027-08-31', {
        tenant: coach2.user.tenantId,
        token: coach2.token,
      })
    ).json().data.meetings;
    expect(theirs.map((m: { id: number }) => m.id)).not.toContain(mine.id);
    // A client is refused the coach's calls.
    expect((await book(client, { start: '2027-08-04T09:00' })).statusCode).toBe(403);
    expect((await as(h, client, 'POST', `/api/v1/coach/meetings/${mine.id}/cancel`)).statusCode).toBe(403);
    expect(await meetingCount()).toBe(count);
    const row = await h.db
      .selectFrom('meetings')
      .select(['title', 'sequence'])
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Quarter review', sequence: 0 });
    expect((await mailsTo(h.mailDir, client.user.email)).length).toBe(mails);
  });

  it('keeps an invitation in the outbox with its attachment until it goes out', async () => {
    const message = {
      to: client.user.email,
      from: '"Alpha Coaching" <no-reply@portal.alpha-coaching.example>',
      subject: 'Invitation',
      text: 'See the attachment.',
      attachments: [
        {
          filename: 'invite.ics',
          contentType: 'text/calendar; method=REQUEST',
          content: 'BEGIN:VCALENDAR\r\n',
        },
      ],
    };
    const job = await enqueueMail(h.db, message, h.clock.now(), 'down');
    const queued = await queuedMail(h.db, job);
    expect(queued!.message).toEqual(message);
  });
});
