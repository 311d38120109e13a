// "Forms not filled" reminders on the job queue, on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh): a send with a due date plans one reminder at 09:00 the day before on the client's
// wall clock (or an hour after sending when that is past); a submission drops it; the handler mails and rings
// once, and sends nothing for a send submitted since. The queue's clock is the database's (real time): to run a
// handler now, the test plans the same key again due at once.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layout } from '../../contracts/forms.js';
import { scheduleReminder } from '../src/services/reminders/reminders.js';
import { call as callAs } from './helpers/booking.js';
import { startSignedIn } from './helpers/coach.js';
import { Harness } from './helpers/harness.js';
import { mailsTo, waitForMail } from './helpers/mail.js';
import type { Person } from './helpers/sign-in.js';
import { until as waitUntil } from './helpers/until.js';

const h = new Harness();
let coach: Person;
let client: Person;
let worker: FastifyInstance | undefined;

beforeAll(async () => {
  [coach, client] = await startSignedIn(h, 'coach', 'client');
  // New York, with no quiet hours of their own (equal ends: none), so the planned times are the rule's alone.
  await h.db
    .updateTable('users')
    .set({ time_zone: 'America/New_York', quiet_from: '00:00', quiet_to: '00:00' })
    .where('id', '=', client.user.id)
    .execute();
});
afterAll(async () => {
  await worker?.close();
  await h.stop();
});

const layout: Layout = {
  sections: [
    { title: '', questions: [{ id: 'focus', kind: 'short_text', label: 'Your focus', required: false }] },
  ],
};

const call = (who: Person, method: 'GET' | 'POST', url: string, body?: unknown) =>
  callAs(h, who, method, url, body);
const until = <T>(what: string, probe: () => Promise<T | undefined | false>) =>
  waitUntil(what, probe, () => h.logs.slice(-5).join('\n'));

async function sendDue(title: string, dueOn: string) {
  const form = await call(coach, 'POST', '/api/v1/forms/library', { title, layout });
  expect(form.statusCode, form.body).toBe(201);
  const res = await call(coach, 'POST', `/api/v1/coach/clients/${client.user.id}/forms`, {
    form_id: form.json().data.id,
    due_on: dueOn,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** The reminder jobs of a send still waiting: their keys and when they are due. */
const jobsOf = async (sendId: number) =>
  (
    await sql<{ key: string; start_after: Date }>`select singleton_key as key, start_after from pgboss.job
      where name = 'reminder' and singleton_key like ${`form:${sendId}:%`} and state < 'active'`.execute(h.db)
  ).rows;

/** The same reminder again, due now, for a worker to run at once. */
async function dueNow(sendId: number) {
  await sql`delete from pgboss.job where name = 'reminder' and singleton_key like ${`form:${sendId}:%`}`.execute(
    h.db,
  );
  const key = `form:${sendId}:${client.user.id}`;
  await scheduleReminder(h.db, {
    key,
    userId: client.user.id,
    kind: 'form',
    at: new Date(),
    data: { tenantId: client.user.tenantId, sendId },
  });
  worker ??= await h.build({ jobs: { pollingSeconds: 0.5 } });
  return key;
}

const bellOf = (sendId: number) =>
  h.db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body'])
    .where('user_id', '=', client.user.id)
    .where('link', '=', `/forms/${sendId}`)
    .execute();

describe('a form with a due date', () => {
  it('is reminded at 09:00 the day before on the client’s clock, or an hour after sending when that is past', async () => {
    const later = await sendDue('Quarterly review', '2031-06-10');
    // 09:00 on 9 June 2031 in New York (summer time, UTC-4).
    expect(await jobsOf(later)).toEqual([
      { key: `form:${later}:${client.user.id}`, start_after: new Date('2031-06-09T13:00:00Z') },
    ]);
    const today = new Date(h.clock.now().getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
    const soon = await sendDue('Quick check', today);
    const [job] = await jobsOf(soon);
    expect(job!.start_after.getTime()).toBe(h.clock.now().getTime() + 3_600_000);
  });

  it('mails and rings the client once, and a send submitted before its reminder gets nothing', async () => {
    const open = await sendDue('Before our session', '2031-06-10');
    const done = await sendDue('Goals check', '2031-06-10');
    const submitted = await call(client, 'POST', `/api/v1/forms/${done}/submit`, {
      answers: { focus: 'Hiring' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // The submission dropped its reminder in its own transaction.
    expect(await jobsOf(done)).toEqual([]);

    const before = (await mailsTo(h.mailDir, client.user.email)).length;
    await dueNow(done);
    await until('the submitted send skipped', async () =>
      h.logs.some((l) => l.includes(`form:${done}:`) && l.includes('submitted')),
    );
    const key = await dueNow(open);
    const mail = await waitForMail(h.mailDir, client.user.email, before + 1);
    expect(mail.subject).toContain('Before our session');
    expect(mail.text).toContain(`/forms/${open}`);
    expect(await bellOf(open)).toEqual([
      { kind: 'form', title: 'Please fill "Before our session"', body: 'Due Tuesday 10 June' },
    ]);

    // The same reminder run again (a retry, another instance) sends nothing more.
    await dueNow(open);
    await until('the second run skipped', async () =>
      h.logs.some((l) => l.includes(key) && l.includes('already sent')),
    );
    expect(await mailsTo(h.mailDir, client.user.email)).toHaveLength(before + 1);
    expect(await bellOf(open)).toHaveLength(1);
    expect(await bellOf(done)).toEqual([]);
  });
});
