// The mail a client gets when their coach schedules, moves or cancels a meeting: plain text naming the tenant
// and the time in the client's own zone, with the calendar invitation (meeting-ics.ts) attached so a calendar
// adds, replaces or removes the event.
import type { Tenant } from '../../db/database.js';
import { calendarIcs } from '../../../../schemas/ics.js';
import type { MailMessage } from '../../../../schemas/mail-message.js';
import type { MeetingRow } from './meetings-repository.js';

export type Change = 'scheduled' | 'moved' | 'cancelled';

interface Person {
  first_name: string;
  last_name: string;
  email: string;
}

/** "Tuesday 3 March 2026 at 09:00 (Europe/Berlin)". */
const wallTime = (at: Date, timeZone: string) =>
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

const heading: Record<Change, string> = {
  scheduled: 'New meeting',
  moved: 'Meeting changed',
  cancelled: 'Meeting cancelled',
};

export function meetingMail(
  tenant: Tenant,
  change: Change,
  meeting: MeetingRow,
  coach: Person,
  at: Date,
  // A group's live session names its own invitation, apart from the one-to-one meetings' ids.
  uid = `meeting-${meeting.id}@${tenant.domain}`,
): MailMessage {
  const client = { first_name: meeting.first_name, last_name: meeting.last_name, email: meeting.email };
  const zone = meeting.client_time_zone ?? meeting.time_zone;
  const when = wallTime(meeting.starts_at, zone);
  const coachName = `${coach.first_name} ${coach.last_name}`;
  const where = [
    ...(meeting.meeting_url === null ? [] : [`Join online: ${meeting.meeting_url}`]),
    ...(meeting.place === null ? [] : [`Place: ${meeting.place}`]),
  ];
  const lead: Record<Change, string> = {
    scheduled: `${coachName} has scheduled a meeting with you on ${when}, for ${meeting.duration_minutes} minutes.`,
    moved: `${coachName} has changed your meeting. It now takes place on ${when}, for ${meeting.duration_minutes} minutes.`,
    cancelled: `${coachName} has cancelled your meeting on ${when}.`,
  };
  const method = change === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return {
    from: `"${tenant.name}" <no-reply@${tenant.domain}>`,
    to: client.email,
    subject: `${tenant.name}: ${heading[change]} "${meeting.title}", ${when}`,
    text: [
      `Hello ${client.first_name},`,
      '',
      lead[change],
      '',
      `"${meeting.title}"`,
      ...(meeting.agenda === '' || change === 'cancelled' ? [] : ['', meeting.agenda]),
      ...(where.length === 0 || change === 'cancelled' ? [] : ['', ...where]),
      '',
      change === 'cancelled'
        ? 'The attached calendar file removes it from your calendar.'
        : `The attached calendar file adds it to your calendar. Your schedule: https://${tenant.domain}/schedule`,
      '',
      tenant.name,
    ].join('\n'),
    attachments: [
      {
        filename: change === 'cancelled' ? 'cancel.ics' : 'invite.ics',
        contentType: `text/calendar; method=${method}; charset=UTF-8`,
        content: calendarIcs({
          method,
          uid,
          sequence: meeting.sequence,
          stamp: at,
          start: meeting.starts_at,
          minutes: meeting.duration_minutes,
          title: `${meeting.title} (${tenant.name})`,
          description: meeting.agenda,
          location: meeting.place ?? meeting.meeting_url,
          url: meeting.meeting_url,
          organizer: { name: coachName, email: coach.email },
          attendee: { name: `${client.first_name} ${client.last_name}`, email: client.email },
        }),
      },
    ],
  };
}
