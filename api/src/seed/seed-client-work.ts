// Demo client work for the seed: meetings before and after the seed time, meeting notes, action steps in every
// stage, commitments, two team members and their tasks for client@<slug>.test; a single upcoming meeting for
// basic@<slug>.test, so both a full and an almost empty portal can be seen. The words are the tenant's demo
// business (sets/); the dates come from the seed time by the rules of working-days.ts, so a fresh seed always
// has upcoming meetings and none falls on a weekend, a holiday or outside working hours. A client who already
// has meetings is left alone: seeding twice changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DemoSet, MeetingTitle } from './sets/demo-set.js';
import { isoDay, workingDay, zonedTime } from './working-days.js';

interface ClientWorkSeed {
  tenantId: number;
  clientId: number;
  coachId: number | null;
  /** client@ gets everything, basic@ one meeting. */
  full: boolean;
  at: Date;
  set: DemoSet;
}

interface DemoMeeting {
  /** Calendar days from the seed time (moved away from it to a working day). */
  days: number;
  /** Local start time; start plus minutes stays within 9:00–17:00. */
  hour: number;
  minute: number;
  title: MeetingTitle;
  minutes: number;
  /** A video call (a room of its own), or in person at the client's company (a place, no link). */
  online: boolean;
}

const meetings: DemoMeeting[] = [
  { days: -21, hour: 10, minute: 0, title: 'Kick-off session', minutes: 90, online: true },
  { days: -7, hour: 14, minute: 0, title: 'Pricing workshop', minutes: 60, online: true },
  { days: -2, hour: 11, minute: 30, title: 'Hiring check-in', minutes: 30, online: false },
  { days: 2, hour: 10, minute: 0, title: 'Monthly strategy session', minutes: 60, online: true },
  { days: 9, hour: 11, minute: 0, title: 'Cash-flow review', minutes: 45, online: true },
  { days: 30, hour: 9, minute: 30, title: 'Quarterly planning day', minutes: 180, online: false },
];

const basicMeeting: DemoMeeting = {
  days: 3,
  hour: 11,
  minute: 0,
  title: 'Welcome session',
  minutes: 45,
  online: true,
};

/** A real video-call room (Jitsi Meet opens any room name, no account needed), one per company and meeting. */
export function meetingRoom(company: string, title: string): string {
  const words = (s: string) =>
    s.replace(/[^A-Za-z0-9 ]/g, '').replace(/ +(\w)/g, (_, c: string) => c.toUpperCase());
  return `https://meet.jit.si/${words(company)}-${words(title)}`;
}

/** When a task or action step is due: the working day `days` from the seed time, at the end of the day there. */
const dueAt = (at: Date, days: number, timeZone: string): Date =>
  zonedTime(workingDay(at, days, timeZone), 17, 0, timeZone);

export async function seedClientWork(db: Kysely<Database>, seed: ClientWorkSeed): Promise<void> {
  const { tenantId, clientId, coachId, full, at, set } = seed;
  const zone = set.timeZone;
  const already = await db
    .selectFrom('meetings')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (already) return;
  const owner = { tenant_id: tenantId, client_id: clientId };
  const stamps = { created_at: at, updated_at: at };
  const dayOf = (m: DemoMeeting) => workingDay(at, m.days, zone);

  await db
    .insertInto('meetings')
    .values(
      (full ? meetings : [basicMeeting]).map((m) => ({
        ...owner,
        coach_id: coachId,
        title: m.title,
        agenda: set.agendas[m.title],
        starts_at: zonedTime(dayOf(m), m.hour, m.minute, zone),
        duration_minutes: m.minutes,
        time_zone: zone,
        meeting_url: m.online ? meetingRoom(set.company.name, m.title) : null,
        // A meeting off line is at the client's company, where the coach's invitation says to go.
        place: m.online ? null : `${set.company.name}, meeting room`,
      })),
    )
    .execute();
  if (!full) return;

  await db
    .insertInto('meeting_notes')
    .values(
      set.notes.map((n) => {
        const meeting = meetings.find((m) => m.title === n.meeting);
        return {
          ...owner,
          title: n.title,
          body: n.body,
          // A session's notes are dated the day of the session; the ideas note the last working day.
          meeting_date: isoDay(meeting ? dayOf(meeting) : workingDay(at, -1, zone)),
          ...stamps,
        };
      }),
    )
    .execute();
  const item = (title: string, description: string, status: number, due: number | null) => ({
    ...owner,
    title,
    description,
    status,
    due_date: due === null ? null : isoDay(workingDay(at, due, zone)),
    ...stamps,
  });
  await db
    .insertInto('action_steps')
    .values(set.actionSteps.map((s) => item(s.title, s.description, s.status, s.due)))
    .execute();
  await db
    .insertInto('commitments')
    .values(set.commitments.map((c) => item(c.title, c.description, c.status, null)))
    .execute();

  const members = await db
    .insertInto('team_members')
    .values(set.teamMembers.map((m) => ({ ...owner, ...m, ...stamps })))
    .returning(['id', 'first_name', 'last_name'])
    .execute();
  await db
    .insertInto('tasks')
    .values(
      set.tasks.map((task) => {
        const member = task.member === null ? undefined : members[task.member];
        return {
          ...owner,
          title: task.title,
          team_member_id: member?.id ?? null,
          responsibility: member ? `${member.first_name} ${member.last_name}` : '',
          deadline: dueAt(at, task.due, zone),
          status: task.status,
          note: task.note,
          file_name: task.file,
          ...stamps,
        };
      }),
    )
    .execute();
}
