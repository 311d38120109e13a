import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql, graphql } from '@/lib/gapi';
import type { PlacedLesson } from './lesson-types';
import type { LessonPlace } from './training-analytics';

const QUERY = graphql`
  query ($user_id: Int!, $lesson: Int!, $ug: Int) {
    userlesson(user_id: $user_id, lesson_id: $lesson, user_group_id: $ug) {
      id
      title
      short_desc
      full_desc
      lesson_video
      quiz_url
      lesson_length
      context_title
      resources {
        id
        title
        url
        order
        type {
          id
          name
          owner
        }
      }
      files {
        id
        name
        size
        type
      }
      video_file {
        id
        name
        size
        type
      }
      previous_lesson {
        id
        title
      }
      next_lesson {
        id
        title
      }
      checklist {
        id
        text
        ticked
      }
    }
  }
`;

/** GraphQL userlesson: a lesson of the caller's group (userGroupId) or of the academy (null), when open. */
function getLesson(userId: number, place: LessonPlace, signal?: AbortSignal): Promise<PlacedLesson> {
  return gql<PlacedLesson>(
    'userlesson',
    QUERY,
    { user_id: userId, lesson: place.lessonId, ug: place.userGroupId },
    // Silent: a locked or missing lesson is the page's own message (components/refused-state.tsx).
    { signal, silent: true },
  );
}

const lessonQueryOptions = (userId: number, place: LessonPlace) =>
  queryOptions({
    queryKey: ['lesson', userId, place.lessonId, place.userGroupId],
    queryFn: ({ signal }) => getLesson(userId, place, signal),
  });

export const useLesson = (userId: number, place: LessonPlace) => useQuery(lessonQueryOptions(userId, place));
