import { httpLink } from '@/lib/http-link';
import type { BookedMeeting } from '../api/get-booked-meeting';
import type { MeetingKind } from '../api/get-booking';
import { whereOf } from '../lib/where';

/** Where a booked meeting is: its place, its room's link (http/https only), or what its type says. */
export function BookedWhere({ meeting, type }: { meeting: BookedMeeting; type?: MeetingKind | undefined }) {
  const link = httpLink(meeting.meeting_url);
  if (meeting.place) return <>{meeting.place}</>;
  if (link)
    return (
      <>
        Video call: {/* The room's address is a long unguessable name: the link says what it does instead. */}
        <a href={link} target="_blank" rel="noopener noreferrer">
          Join meeting
        </a>
      </>
    );
  return <>{type ? whereOf(type) : 'Your coach will tell you.'}</>;
}
