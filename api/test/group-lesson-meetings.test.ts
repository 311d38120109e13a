// lessonMeetingSearch with a user_group_id (the group page): only that group's meetings, checked against the
// caller's own membership; the schedule (no user_group_id) still lists all of the caller's lesson meetings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './helpers/harness.js';
import type { Person } from './helpers/sign-in.js';
import { groupsQuery, joinDemoGroups, member } from './helpers/groups.js';

const h = new Harness();
let me: Person;
let other: Person;
let basic: Person;
let ids: Awaited<ReturnType<typeof joinDemoGroups>>;
let otherIds: Awaited<ReturnType<typeof joinDemoGroups>>;

/** A signed-in client with or without the group flags; joining the demo groups gives the free group's meetings. */
const seededMember = (flag: boolean) => member(h, { group_coaching: flag, business_academy: flag });

beforeAll(async () => {
  await h.start();
  me = await seededMember(true);
  other = await seededMember(true);
  basic = await seededMember(false);
  ids = await joinDemoGroups(h, me);
  otherIds = await joinDemoGroups(h, other);
  await joinDemoGroups(h, basic);
  // The paid group paid for, with a lesson meeting of its own: two groups the caller may see.
  const paid = await h.db
    .updateTable('user_groups')
    .set({ status: 'active', paid: true })
    .where('id', '=', ids.paid)
    .returning('group_id')
    .executeTakeFirstOrThrow();
  await h.db
    .insertInto('lesson_meetings')
    .values({
      tenant_id: me.user.tenantId,
      client_id: me.user.id,
      group_id: paid.group_id,
      title: 'Group lesson: Hiring your first manager',
      meeting_time: new Date(h.clock.now().getTime() + 3 * 86_400_000),
      time_zone: 'America/New_York',
      meeting_url: 'https://meet.example.com/mastermind-1',
    })
    .execute();
});
afterAll(() => h.stop());

const MEETINGS = `query ($user_id: Int!, $ug: Int) { lessonMeetingSearch(user_id: $user_id, user_group_id: $ug) {
  id title meeting_time } }`;
const meetings = (client: Person, ug?: number) =>
  groupsQuery(h, client, MEETINGS, { user_id: client.user.id, ...(ug === undefined ? {} : { ug }) });
const titles = (res: Awaited<ReturnType<typeof meetings>>) =>
  res.json().data.lessonMeetingSearch.map((m: { title: string }) => m.title);

describe('a group’s lesson meetings', () => {
  it('lists only that group’s meetings, soonest first', async () => {
    const free = await meetings(me, ids.free);
    expect(free.statusCode).toBe(200);
    expect(titles(free)).toEqual([
      'Group lesson: Know your numbers',
      'Group lesson: Pricing for profit',
      'Group lesson: Cash-flow rhythm',
    ]);
    const paid = await meetings(me, ids.paid);
    expect(paid.statusCode).toBe(200);
    expect(titles(paid)).toEqual(['Group lesson: Hiring your first manager']);
  });

  it('without a user_group_id lists every group’s meetings (the schedule)', async () => {
    const all = await meetings(me);
    expect(all.statusCode).toBe(200);
    expect(titles(all)).toHaveLength(4);
  });

  it('an unpaid paid group shows no meetings; its join links are for members who paid', async () => {
    const res = await meetings(other, otherIds.paid);
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual([]);
  });

  it('another member’s user group is 404 and the flag is needed (403), with no meeting in the answer', async () => {
    const stranger = await meetings(other, ids.paid);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('Hiring your first manager');
    const unflagged = await meetings(basic, ids.free);
    expect(unflagged.statusCode).toBe(403);
    expect(unflagged.body).not.toContain('Group lesson');
  });
});
