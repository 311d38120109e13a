import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql, graphql } from '@/lib/gapi';

export interface AcademyModule {
  id: number;
  title: string;
  description: string;
  lessons: {
    lesson_order: number;
    lesson_length: number;
    steps_done: number;
    lesson: { id: number; title: string; short_desc: string };
  }[];
}

const QUERY = graphql`
  query ($user_id: Int!) {
    academy(user_id: $user_id) {
      id
      title
      description
      lessons {
        lesson_order
        lesson_length
        steps_done
        lesson {
          id
          title
          short_desc
        }
      }
    }
  }
`;

/** GraphQL academy: the modules and their lessons in order, with the member's steps. */
function getAcademy(userId: number, signal?: AbortSignal): Promise<AcademyModule[]> {
  return gql<AcademyModule[]>('academy', QUERY, { user_id: userId }, { signal });
}

const academyQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['academy', userId],
    queryFn: ({ signal }) => getAcademy(userId, signal),
    staleTime: 0,
  });

export const useAcademy = (userId: number) => useQuery(academyQueryOptions(userId));
