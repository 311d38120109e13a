import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { memberQueryOptions } from '@/features/profile/api/get-member';
import { sessionStore } from '@/lib/session';
import { PROFILE_TEXT_FIELDS, userRole, type User } from '@/lib/user';

/**
 * The stored user is a copy from login time; the coach may have changed a training flag or the user their
 * profile elsewhere since. The shell reads the member once per cache lifetime and updates the session, so the
 * menu and redirects follow without a new login. Failures stay silent: the stored copy is still usable.
 */
export function useFreshUser(user: User): void {
  // The member query is the client's (SPEC §7); a coach's account is read nowhere else yet.
  const { data } = useQuery({
    ...memberQueryOptions(user.id),
    retry: false,
    enabled: userRole(user) === 'client',
  });
  useEffect(() => {
    if (!data) return;
    const changes: Partial<User> = {};
    for (const field of ['first_name', 'last_name', ...PROFILE_TEXT_FIELDS] as const) {
      if (data[field] !== undefined && data[field] !== user[field])
        (changes as Record<string, unknown>)[field] = data[field];
    }
    if (data.trainings && JSON.stringify(data.trainings) !== JSON.stringify(user.trainings)) {
      changes.trainings = { ...data.trainings };
    }
    if (Object.keys(changes).length > 0) sessionStore.updateUser(changes);
  }, [data, user]);
}
