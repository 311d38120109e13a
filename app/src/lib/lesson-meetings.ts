// Shared by /schedule and the group pages, which list the member's lesson meetings too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '@/lib/gapi';

/** SPEC §3's lesson meeting (meeting_time, time_zone, meeting_url) with the id and title the API adds. */
interface LessonMeeting {
  id: number;
  title: string;
  meeting_time: string;
  time_zone: string;
  meeting_url: string | null;
}

const QUERY = `query ($id: Int!) {
  lessonMeetingSearch(user_id: $id) { id title meeting_time time_zone meeting_url }
}`;

/** GraphQL lessonMeetingSearch through /gapi: the member's lesson meetings, soonest first. */
function getLessonMeetings(userId: number, signal?: AbortSignal): Promise<LessonMeeting[]> {
  return gql<LessonMeeting[]>('lessonMeetingSearch', QUERY, { id: userId }, { signal });
}

export const lessonMeetingsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['schedule', 'lesson-meetings', userId],
    queryFn: ({ signal }) => getLessonMeetings(userId, signal),
  });

export const useLessonMeetings = (userId: number) => useQuery(lessonMeetingsQueryOptions(userId));
