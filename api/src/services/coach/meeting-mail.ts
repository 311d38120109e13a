// The mail a client gets when their coach schedules, moves or cancels a meeting (templates/mail/meeting), with
// the time in the client's own zone, with the calendar invitation (meeting-ics.ts) attached so a calendar
// adds, replaces or removes the event.
import type { Tenant } from '../../db/database.js';
import { calendarIcs } from '../../../../contracts/ics.js';
import type { MailDraft } from '../mail/mail-draft.js';
import type { MeetingRow } from './meetings-repository.js';

export type Change = 'scheduled' | 'moved' | 'cancelled';

interface Person {
  first_name: string;
  last_name: string;
  email: string;
}

/** "Tuesday 3 March 2026 at 09:00 (Europe/Berlin)": how every meeting mail writes a time. */
export const wallTime = (at: Date, timeZone: string) =>
  `${new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at)} (${timeZone})`;

/** The invitation's id in calendars: every mail and the feed name a meeting by it. */
export const meetingUid = (tenant: { domain: string }, id: number) => `meeting-${id}@${tenant.domain}`;

interface InvitedMeeting {
  sequence: number;
  starts_at: Date;
  duration_minutes: number;
  title: string;
  place: string | null;
  meeting_url: string | null;
}

/** A meeting mail's calendar invitation (.ics): REQUEST adds or replaces the event, CANCEL removes it. */
export function invitationFile(
  tenant: Tenant,
  cancelled: boolean,
  uid: string,
  meeting: InvitedMeeting,
  at: Date,
  people: {
    description: string;
    organizer: { name: string; email: string };
    attendee: { name: string; email: string };
  },
) {
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  return {
    filename: cancelled ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; method=${method}; charset=UTF-8`,
    content: calendarIcs({
      method,
      uid,
      sequence: meeting.sequence,
      stamp: at,
      start: meeting.starts_at,
      minutes: meeting.duration_minutes,
      title: `${meeting.title} (${tenant.name})`,
      location: meeting.place ?? meeting.meeting_url,
      url: meeting.meeting_url,
      ...people,
    }),
  };
}

export function meetingMail(
  tenant: Tenant,
  change: Change,
  meeting: MeetingRow,
  coach: Person,
  at: Date,
  /** A group's live session: its own mail (templates/mail/group-session) and invitation id, apart from meetings'. */
  session?: { id: number; group: string },
): MailDraft {
  const uid = session ? `group-session-${session.id}@${tenant.domain}` : meetingUid(tenant, meeting.id);
  const client = { first_name: meeting.first_name, last_name: meeting.last_name, email: meeting.email };
  const zone = meeting.client_time_zone ?? meeting.time_zone;
  const coachName = `${coach.first_name} ${coach.last_name}`;
  const flags = {
    scheduled: change === 'scheduled',
    moved: change === 'moved',
    cancelled: change === 'cancelled',
  };
  const common = {
    firstName: client.first_name,
    coach: coachName,
    title: meeting.title,
    when: wallTime(meeting.starts_at, zone),
    minutes: meeting.duration_minutes,
    joinUrl: meeting.meeting_url ?? '',
    place: meeting.place ?? '',
    ...flags,
  };
  const invitation = {
    attachments: [
      invitationFile(tenant, change === 'cancelled', uid, meeting, at, {
        description: meeting.agenda,
        organizer: { name: coachName, email: coach.email },
        attendee: { name: `${client.first_name} ${client.last_name}`, email: client.email },
      }),
    ],
  };
  if (session)
    return {
      tenant,
      kind: 'group-session',
      to: client.email,
      notice: { userId: meeting.client_id, kind: 'group_session' },
      values: { ...common, group: session.group, link: `https://${tenant.domain}/groups` },
      ...invitation,
    };
  return {
    tenant,
    kind: 'meeting',
    to: client.email,
    notice: { userId: meeting.client_id, kind: 'meeting' },
    values: { ...common, agenda: meeting.agenda, link: `https://${tenant.domain}/schedule` },
    ...invitation,
  };
}
