// Demo client work for the seed: meetings before and after the seed time, lesson meetings, meeting
// notes, action steps in every stage, commitments, two team members and their tasks for client@<slug>.test;
// a single upcoming meeting for basic@<slug>.test, so both a full and an almost empty portal can be seen.
// Times are relative to the seed time, so a fresh seed always has upcoming meetings. A client who already has
// meetings is left alone: seeding twice changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';

interface ClientWorkSeed {
  tenantId: number;
  clientId: number;
  coachId: number | null;
  /** client@ gets everything, basic@ one meeting. */
  full: boolean;
  at: Date;
}

const day = 24 * 60 * 60_000;

/** `days` from the seed time, on the hour (UTC) so the schedule shows round times. */
function around(at: Date, days: number, hourUtc: number): Date {
  const d = new Date(at.getTime() + days * day);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
}

const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

const meetings = [
  {
    days: -21,
    hour: 17,
    title: 'Kick-off session',
    minutes: 90,
    url: 'https://meet.example.com/kickoff-4821',
  },
  { days: -7, hour: 16, title: 'Pricing workshop', minutes: 60, url: 'https://zoom.example.com/j/5550142' },
  { days: -2, hour: 18, title: 'Hiring check-in', minutes: 30, url: null },
  {
    days: 2,
    hour: 16,
    title: 'Monthly strategy session',
    minutes: 60,
    url: 'https://meet.example.com/strategy-77',
  },
  { days: 9, hour: 17, title: 'Cash-flow review', minutes: 45, url: 'https://zoom.example.com/j/5550199' },
  { days: 30, hour: 16, title: 'Quarterly planning day', minutes: 180, url: null },
];

const agendas: Record<string, string> = {
  'Kick-off session': 'Goals for the next 12 months, how we will work together, first numbers to track.',
  'Pricing workshop': 'Margin per product line; which prices to raise first and how to tell customers.',
  'Hiring check-in': 'Shift supervisor job ad, interview questions, the first 30 days plan. By phone.',
  'Monthly strategy session': 'Review last month’s KPIs, the price change results and the hiring pipeline.',
  'Cash-flow review': 'Walk through the 13-week forecast together; agree the minimum cash buffer.',
  'Quarterly planning day': 'In person at your office: priorities for next quarter and the team’s roles.',
};

const lessonMeetings = [
  {
    days: -10,
    hour: 15,
    title: 'Group lesson: Knowing your numbers',
    url: 'https://meet.example.com/lesson-1',
  },
  {
    days: 5,
    hour: 15,
    title: 'Group lesson: A weekly cash-flow routine',
    url: 'https://meet.example.com/lesson-2',
  },
];

const notes = [
  {
    days: -21,
    title: 'Kick-off: goals for the year',
    body: 'Revenue goal: +15% with the same team size.\nBiggest worry: cash is tight every January.\nAgreed to track weekly sales, labour % and cash on hand.',
  },
  {
    days: -7,
    title: 'Pricing workshop notes',
    body: 'Top 10 items are underpriced by 6–9% against the area.\nRaise 5% first, watch volume for two weeks.\nTell regulars in person — they care about the why.',
  },
  {
    days: -2,
    title: 'Hiring check-in',
    body: 'Job ad draft is good; add the schedule and the pay range.\nUse the three interview questions we wrote together.',
  },
  {
    days: -1,
    title: 'Ideas to bring up next time',
    body: 'Could a loyalty card replace the weekday discount?\nAsk about a line of credit before winter.',
  },
];

const actionSteps: [string, string, number, number | null][] = [
  [
    'Draft the 13-week cash-flow forecast',
    'Use the template from the kick-off; fill in known bills first.',
    0,
    6,
  ],
  [
    'Write the shift supervisor job ad',
    'Include schedule, pay range and what a great first month looks like.',
    0,
    4,
  ],
  ['Raise prices on the top 10 items by 5%', 'Update the menu boards and the POS on the same day.', 1, 3],
  ['Set up a weekly KPI sheet', 'Weekly sales, labour %, cash on hand — ten minutes every Monday.', 2, 1],
  ['Open a separate tax reserve account', 'Move 20% of each week’s profit into it.', 3, null],
  ['Document the opening checklist', 'So any shift lead can open without calling you.', 3, null],
];

const commitments: [string, string, number][] = [
  ['Check the bank balance every Monday morning', 'Before opening, with the KPI sheet.', 0],
  ['Hold a 15-minute team huddle each Friday', 'Wins, problems, next week’s schedule.', 1],
  ['Send invoices within 24 hours of delivery', 'Catering orders included.', 2],
  ['Take one full day off every week', 'Protect it in the calendar like a meeting.', 0],
];

const teamMembers = [
  { first_name: 'Sofia', last_name: 'Marquez', email: 'sofia.marquez@example.com' },
  { first_name: 'Jamal', last_name: 'Carter', email: null },
];

// [title, assigned member index or null, deadline in days, status, note, file]
const tasks: [string, number | null, number, number, string, string | null][] = [
  ['Count inventory and update the order sheet', 0, 3, 1, 'Half done; dry goods left.', 'order-sheet.xlsx'],
  ['Collect three quotes for a new oven', 1, 10, 0, '', null],
  ['Post the job ad on two local boards', null, 5, 0, '', 'job-ad-shift-supervisor.pdf'],
  ['Update the catering price list', null, -1, 2, 'Sent to the printer.', 'catering-prices.pdf'],
];

export async function seedClientWork(db: Kysely<Database>, seed: ClientWorkSeed): Promise<void> {
  const { tenantId, clientId, coachId, full, at } = seed;
  const already = await db
    .selectFrom('meetings')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (already) return;
  const owner = { tenant_id: tenantId, client_id: clientId };
  const stamps = { created_at: at, updated_at: at };

  await db
    .insertInto('meetings')
    .values(
      (full ? meetings : meetings.slice(3, 4)).map((m) => ({
        ...owner,
        coach_id: coachId,
        title: m.title,
        agenda: agendas[m.title] ?? '',
        starts_at: around(at, m.days, m.hour),
        duration_minutes: m.minutes,
        time_zone: 'America/Los_Angeles',
        meeting_url: m.url,
      })),
    )
    .execute();
  if (!full) return;

  await db
    .insertInto('lesson_meetings')
    .values(
      lessonMeetings.map((m) => ({
        ...owner,
        title: m.title,
        meeting_time: around(at, m.days, m.hour),
        time_zone: 'America/New_York',
        meeting_url: m.url,
      })),
    )
    .execute();
  await db
    .insertInto('meeting_notes')
    .values(
      notes.map((n) => ({
        ...owner,
        title: n.title,
        body: n.body,
        meeting_date: dateOnly(around(at, n.days, 12)),
        ...stamps,
      })),
    )
    .execute();
  const item = ([title, description, status, due]: [string, string, number, number | null]) => ({
    ...owner,
    title,
    description,
    status,
    due_date: due === null ? null : dateOnly(around(at, due, 12)),
    ...stamps,
  });
  await db.insertInto('action_steps').values(actionSteps.map(item)).execute();
  await db
    .insertInto('commitments')
    .values(commitments.map(([t, d, s]) => item([t, d, s, null])))
    .execute();

  const members = await db
    .insertInto('team_members')
    .values(teamMembers.map((m) => ({ ...owner, ...m, ...stamps })))
    .returning(['id', 'first_name', 'last_name'])
    .execute();
  await db
    .insertInto('tasks')
    .values(
      tasks.map(([title, who, days, status, note, file]) => {
        const member = who === null ? undefined : members[who];
        return {
          ...owner,
          title,
          team_member_id: member?.id ?? null,
          responsibility: member ? `${member.first_name} ${member.last_name}` : '',
          deadline: around(at, days, 17),
          status,
          note,
          file_name: file,
          ...stamps,
        };
      }),
    )
    .execute();
}
