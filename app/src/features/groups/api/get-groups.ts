import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql, graphql } from '@/lib/gapi';

/** SPEC §3's group as the caller's membership of it, with the member's progress. */
export interface Group {
  id: number;
  user_group_id: number;
  title: string;
  description: string;
  group_img: string | null;
  intro_video: string | null;
  meets_on: string;
  schedule: string;
  group_start_date: string | null;
  group_end_date: string | null;
  status: string;
  group_type: string;
  price: number;
  currency: string;
  coach_name: string | null;
  membership_status: string;
  paid: boolean;
  total_lessons: number;
  progress: { completed_lessons: number; steps_done: number; total_steps: number };
}

export const GROUP_FIELDS = graphql`
  fragment GroupFields on Group {
    id
    user_group_id
    title
    description
    group_img
    intro_video
    meets_on
    schedule
    group_start_date
    group_end_date
    status
    group_type
    price
    currency
    coach_name
    membership_status
    paid
    total_lessons
    progress {
      completed_lessons
      steps_done
      total_steps
    }
  }
`;

/** The list's query, which index.html's inline script sends too (boot/early-pages) before the app runs. */
export const GROUPS_QUERY = graphql`
  query ($user_id: Int!) {
    group(user_id: $user_id) {
      ...GroupFields
    }
  }
  ${GROUP_FIELDS}
`;

/** GraphQL group by user_id: the caller's groups. */
function getGroups(userId: number, signal?: AbortSignal): Promise<Group[]> {
  return gql<Group[]>('group', GROUPS_QUERY, { user_id: userId }, { signal });
}

export const groupsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['groups', userId], queryFn: ({ signal }) => getGroups(userId, signal) });

export const useGroups = (userId: number) => useQuery(groupsQueryOptions(userId));
