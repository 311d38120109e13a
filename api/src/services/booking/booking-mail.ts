// The mails of a booking, a move and a cancellation: one to the client and one to the coach, each in its
// reader's zone, each with the calendar invitation (contracts/ics.ts): the same UID as every mail of the
// meeting, its SEQUENCE raised on each change, METHOD:CANCEL to remove it.
import type { Tenant } from '../../db/database.js';
import { invitationFile, meetingUid, wallTime } from '../coach/meeting-mail.js';
import type { MailDraft } from '../mail/mail-draft.js';
import type { BookingCoach } from './booking-coach.js';
import type { ClientMeeting } from './booking-repository.js';

export type BookingChange = 'booked' | 'moved' | 'cancelled';

export function bookingMails(
  tenant: Tenant,
  change: BookingChange,
  meeting: ClientMeeting,
  coach: BookingCoach,
  at: Date,
): MailDraft[] {
  const clientName = `${meeting.first_name} ${meeting.last_name}`;
  const attachments = [
    invitationFile(tenant, change === 'cancelled', meetingUid(tenant, meeting.id), meeting, at, {
      description: meeting.client_note,
      organizer: { name: coach.name, email: coach.email },
      attendee: { name: clientName, email: meeting.email },
    }),
  ];
  const common = {
    title: meeting.title,
    minutes: meeting.duration_minutes,
    note: meeting.client_note,
    joinUrl: meeting.meeting_url ?? '',
    place: meeting.place ?? '',
    booked: change === 'booked',
    moved: change === 'moved',
    cancelled: change === 'cancelled',
  };
  return [
    {
      tenant,
      kind: 'booking',
      to: meeting.email,
      notice: { userId: meeting.client_id, kind: 'meeting' },
      values: {
        ...common,
        firstName: meeting.first_name,
        other: coach.name,
        when: wallTime(meeting.starts_at, meeting.client_time_zone ?? meeting.time_zone),
        link: `https://${tenant.domain}/schedule`,
      },
      attachments,
    },
    {
      tenant,
      kind: 'booking',
      to: coach.email,
      values: {
        ...common,
        firstName: coach.first_name,
        other: clientName,
        when: wallTime(meeting.starts_at, coach.zone),
        link: `https://${tenant.domain}/coach`,
      },
      attachments,
    },
  ];
}
