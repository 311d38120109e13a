// /schedule and GraphQL lessonMeetingSearch: the caller's meetings split at the clock, lesson meetings only
// for the caller (another user_id is 403), validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './helpers/harness.js';
import { post, withClientWork } from './helpers/client-work.js';
import type { Person } from './helpers/sign-in.js';
import { joinDemoGroups } from './helpers/groups.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let me: Person;
let other: Person;
beforeAll(async () => {
  await h.start();
  me = await withClientWork(h, await signIn(h));
  // Lesson meetings come with the free demo group: one per lesson.
  await joinDemoGroups(h, me);
  other = await signIn(h);
});
afterAll(() => h.stop());

const LESSONS =
  'query ($id: Int!) { lessonMeetingSearch(user_id: $id) { id title meeting_time time_zone meeting_url } }';
const gql = (client: Person, id: number) =>
  h.call('POST', '/gapi', {
    tenant: client.user.tenantId,
    headers: { token: client.token },
    body: { query: LESSONS, variables: { id } },
  });

describe('schedule', () => {
  it('answers upcoming meetings soonest first and past ones most recent first', async () => {
    const res = await post(h, me, '/api/v1/clientportal/schedule/');
    expect(res.statusCode).toBe(200);
    const { upcoming, past, time_zone } = res.json().data;
    expect(time_zone).toBeNull();
    expect(upcoming.map((m: { title: string }) => m.title)).toEqual([
      'Monthly strategy session',
      'Cash-flow review',
      'Quarterly planning day',
    ]);
    expect(past.map((m: { title: string }) => m.title)).toEqual([
      'Hiring check-in',
      'Pricing workshop',
      'Kick-off session',
    ]);
    expect(upcoming[0]).toMatchObject({
      duration_minutes: 60,
      time_zone: 'America/Los_Angeles',
      meeting_url: expect.stringMatching(/^https:\/\//),
      coach_name: null,
    });
    expect(Date.parse(upcoming[0].meeting_time)).toBeGreaterThan(h.clock.now().getTime());
  });

  it('keeps a meeting upcoming until it has ended, so its join link stays reachable', async () => {
    const third = await signIn(h);
    const now = h.clock.now().getTime();
    const meeting = (title: string, startedMinutesAgo: number) => ({
      tenant_id: third.user.tenantId,
      client_id: third.user.id,
      title,
      starts_at: new Date(now - startedMinutesAgo * 60_000),
      duration_minutes: 30,
      time_zone: 'Europe/Paris',
      meeting_url: 'https://meet.example.com/x',
    });
    await h.db
      .insertInto('meetings')
      .values([meeting('running', 10), meeting('over', 40)])
      .execute();
    const { upcoming, past } = (await post(h, third, '/api/v1/clientportal/schedule/')).json().data;
    expect(upcoming.map((m: { title: string }) => m.title)).toEqual(['running']);
    expect(past.map((m: { title: string }) => m.title)).toEqual(['over']);
  });

  it('shows nothing of other clients', async () => {
    const res = await post(h, other, '/api/v1/clientportal/schedule/');
    expect(res.json().data).toEqual({ time_zone: null, upcoming: [], past: [] });
  });

  it('refuses unknown fields (422) and calls without a session (401)', async () => {
    const res = await post(h, me, '/api/v1/clientportal/schedule/', { client_id: other.user.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { client_id: ['This field is not allowed.'] } });
    expect((await h.call('POST', '/api/v1/clientportal/schedule/', { body: {} })).statusCode).toBe(401);
  });
});

describe('lessonMeetingSearch', () => {
  it('answers the caller’s lesson meetings with SPEC’s fields', async () => {
    const res = await gql(me, me.user.id);
    expect(res.statusCode).toBe(200);
    const list = res.json().data.lessonMeetingSearch;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({
      title: 'Group lesson: Know your numbers',
      time_zone: 'America/Los_Angeles',
      meeting_url: expect.stringMatching(/^https:\/\//),
    });
    expect(Date.parse(list[0].meeting_time)).toBeLessThan(Date.parse(list[1].meeting_time));
    expect((await gql(other, other.user.id)).json().data.lessonMeetingSearch).toEqual([]);
  });

  it('another user’s id is 403 with no data', async () => {
    const res = await gql(other, me.user.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toBeNull();
    expect(res.body).not.toContain('Know your numbers');
  });
});
