// Shared by /schedule and the group pages, which list the member's lesson meetings too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql, graphql } from '@/lib/gapi';

/** SPEC §3's lesson meeting (meeting_time, time_zone, meeting_url) with the id and title the API adds. */
interface LessonMeeting {
  id: number;
  title: string;
  meeting_time: string;
  time_zone: string;
  meeting_url: string | null;
}

// SPEC §3's lesson meeting has no length; a lesson is taken to last an hour, for the calendar entry and for
// how long its join link is offered.
export const LESSON_MINUTES = 60;

/** Whether the meeting has ended at `now` (epoch ms): an ended meeting never offers its join link. */
export const lessonMeetingOver = (meeting: { meeting_time: string }, now: number): boolean =>
  Date.parse(meeting.meeting_time) + LESSON_MINUTES * 60_000 <= now;

/** Also sent from index.html, before the app runs, for /schedule (boot/early-pages). */
export const LESSON_MEETINGS_QUERY = graphql`
  query ($id: Int!, $ug: Int) {
    lessonMeetingSearch(user_id: $id, user_group_id: $ug) {
      id
      title
      meeting_time
      time_zone
      meeting_url
    }
  }
`;

/**
 * GraphQL lessonMeetingSearch through /gapi: the member's lesson meetings, soonest first; with a user group id
 * only that group's (the server checks the membership).
 */
function getLessonMeetings(
  userId: number,
  userGroupId?: number,
  signal?: AbortSignal,
): Promise<LessonMeeting[]> {
  const variables = userGroupId === undefined ? { id: userId } : { id: userId, ug: userGroupId };
  return gql<LessonMeeting[]>('lessonMeetingSearch', LESSON_MEETINGS_QUERY, variables, { signal });
}

export const lessonMeetingsQueryOptions = (userId: number, userGroupId?: number) =>
  queryOptions({
    queryKey: ['schedule', 'lesson-meetings', userId, userGroupId ?? 'all'],
    queryFn: ({ signal }) => getLessonMeetings(userId, userGroupId, signal),
  });

export const useLessonMeetings = (userId: number, userGroupId?: number) =>
  useQuery(lessonMeetingsQueryOptions(userId, userGroupId));
