import { queryOptions, useQuery } from '@tanstack/react-query';
import { FLAG_FIELDS } from '../../../../../contracts/training-flags';
import { gql, graphql } from '@/lib/gapi';
import type { User } from '@/lib/user';

/** The profile fields of SPEC §3 as GraphQL member(user_id) answers them (no token fields). */
export type Member = Omit<User, 'access_token' | 'pas_token'>;

const QUERY = graphql`
  query Member($user_id: Int!) {
    member(user_id: $user_id) {
      id
      first_name
      last_name
      email
      company
      company_id
      website
      role_id
      profile_pic
      title
      location
      time_zone
      phone_number
      birthday
      facebook
      twitter
      linkedin
      trainings {
        ${FLAG_FIELDS}
      }
    }
  }
`;

export function getMember(userId: number, signal?: AbortSignal): Promise<Member> {
  return gql<Member>('member', QUERY, { user_id: userId }, { signal });
}

export const memberQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['profile', 'member', userId],
    queryFn: ({ signal }) => getMember(userId, signal),
  });

/** The freshest profile; the session's copy shows meanwhile, so the form never starts empty. */
export const useMember = (user: User) => useQuery({ ...memberQueryOptions(user.id), placeholderData: user });
