import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { memberQueryOptions, type Member } from '@/features/profile/api/get-member';
import { api, type Envelope } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';
import { PROFILE_TEXT_FIELDS, userRole, type User } from '@/lib/user';
import { onUserChanged } from '@/lib/user-version';

/** The fields of the session's user that others may change (an admin: company, zone, role, flags, name). */
const FIELDS = ['first_name', 'last_name', 'email', 'company_id', 'role_id', ...PROFILE_TEXT_FIELDS] as const;

/** GET /api/v1/me: the signed-in user as the database has it now (any role; no token fields). */
async function getMe(signal: AbortSignal): Promise<Member> {
  const response = await api.get<Envelope<Member>>('/api/v1/me', { signal, silent: true });
  return response.data.data;
}

/**
 * The stored user is a copy from sign-in time; an admin may have linked the person to a company, moved their
 * zone, changed their role or flags since, or the person their profile in another tab. The shell reads the user
 * again whenever the window gets the focus back and as soon as an answer's X-User-Version says the user changed
 * (lib/user-version.ts), a client also once per cache lifetime (SPEC §7's member query), and updates the session,
 * so the menu, redirects and every page that reads the user follow without a new sign-in. Failures stay silent:
 * the stored copy is still usable.
 */
export function useFreshUser(user: User): void {
  const client = userRole(user) === 'client';
  const { data, refetch } = useQuery(
    client
      ? { ...memberQueryOptions(user.id), retry: false }
      : {
          queryKey: ['session', 'me', user.id],
          queryFn: ({ signal }: { signal: AbortSignal }) => getMe(signal),
          enabled: false,
        },
  );
  useEffect(() => {
    const refresh = () => void refetch();
    // Offline, the read would only fail: the focus that matters is the one after the connection is back.
    const onFocus = () => navigator.onLine && refresh();
    const off = onUserChanged(refresh);
    window.addEventListener('focus', onFocus);
    return () => {
      off();
      window.removeEventListener('focus', onFocus);
    };
  }, [refetch]);
  // Applied when an answer arrives, not when the session's user changes here (a profile saved in this tab is
  // newer than the last answer, which must not undo it).
  useEffect(() => {
    const current = sessionStore.get()?.user;
    if (!data || !current) return;
    const changes: Partial<User> = {};
    for (const field of FIELDS) {
      if (data[field] !== undefined && data[field] !== current[field])
        (changes as Record<string, unknown>)[field] = data[field];
    }
    if (data.trainings && JSON.stringify(data.trainings) !== JSON.stringify(current.trainings)) {
      changes.trainings = { ...data.trainings };
    }
    if (Object.keys(changes).length > 0) sessionStore.updateUser(changes);
  }, [data]);
}
