import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { MailPreferences } from '../../../../../contracts/rest/profile';

/** Which notifications the client gets by mail: every topic, on or off (contracts/rest/profile.ts). */
export type { MailPreferences } from '../../../../../contracts/rest/profile';

export const MAIL_PREFERENCES_PATH = '/api/v1/me/mail-preferences';
export const mailPreferencesKey = ['profile', 'mail-preferences'] as const;

/** GET /api/v1/me/mail-preferences: the caller's own choice (every topic on until they turn one off). */
async function getMailPreferences(signal?: AbortSignal): Promise<MailPreferences> {
  const response = await api.get<Envelope<MailPreferences>>(MAIL_PREFERENCES_PATH, { signal });
  return response.data.data;
}

export const useMailPreferences = () =>
  useQuery(
    queryOptions({ queryKey: mailPreferencesKey, queryFn: ({ signal }) => getMailPreferences(signal) }),
  );
