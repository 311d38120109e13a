import type { QueryClient } from '@tanstack/react-query';
import { sessionStore } from '@/lib/session';
import { PROFILE_TEXT_FIELDS } from '@/lib/user';
import type { Member } from './get-member';
import { memberQueryOptions } from './get-member';

const PROFILE_FIELDS = ['first_name', 'last_name', ...PROFILE_TEXT_FIELDS] as const;

/**
 * After a profile change: the session's user (menu, top bar) and the cached member take the fields the server
 * answered with; only the profile fields, never ids, role, flags or tokens.
 */
export function acceptProfile(client: QueryClient, userId: number, answer: unknown): void {
  if (typeof answer !== 'object' || answer === null) return;
  const changes: Partial<Member> = {};
  for (const field of PROFILE_FIELDS) {
    const value = (answer as Record<string, unknown>)[field];
    if (typeof value === 'string' || value === null) (changes as Record<string, unknown>)[field] = value;
  }
  sessionStore.updateUser(changes);
  client.setQueryData(memberQueryOptions(userId).queryKey, (old) => (old ? { ...old, ...changes } : old));
}
