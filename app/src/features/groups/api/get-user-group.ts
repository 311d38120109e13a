import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql, graphql } from '@/lib/gapi';
import { GROUP_FIELDS, type Group } from './get-groups';

/** SPEC §3's member group lesson, with whether the caller can open it and their steps ticked. */
export interface MemberGroupLesson {
  lesson_order: number;
  lesson_length: number;
  lesson_access: number;
  locked: boolean;
  locked_reason: string | null;
  steps_done: number;
  lesson: { id: number; title: string; short_desc: string };
}

interface UserGroup {
  group: Group;
  lessons: MemberGroupLesson[];
}

const QUERY = graphql`
  query ($user_id: Int!, $ug: Int!) {
    usergroup(user_id: $user_id, user_group_id: $ug) {
      group {
        ...GroupFields
      }
      lessons {
        lesson_order
        lesson_length
        lesson_access
        locked
        locked_reason
        steps_done
        lesson {
          id
          title
          short_desc
        }
      }
    }
  }
  ${GROUP_FIELDS}
`;

/** GraphQL usergroup: a group page with its lessons in order. */
function getUserGroup(userId: number, userGroupId: number, signal?: AbortSignal): Promise<UserGroup> {
  // The page's subject: the page says why it is refused (refused-state), not a toast as well.
  return gql<UserGroup>('usergroup', QUERY, { user_id: userId, ug: userGroupId }, { signal, silent: true });
}

const userGroupQueryOptions = (userId: number, userGroupId: number) =>
  queryOptions({
    queryKey: ['groups', userId, 'user-group', userGroupId],
    queryFn: ({ signal }) => getUserGroup(userId, userGroupId, signal),
    // Progress changes as lessons are worked through.
    staleTime: 0,
  });

export const useUserGroup = (userId: number, userGroupId: number) =>
  useQuery(userGroupQueryOptions(userId, userGroupId));
