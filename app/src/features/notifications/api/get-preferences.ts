import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { NotificationPreferences } from '../../../../../contracts/rest/notifications';

export type { NotificationPreferences, QuietHours } from '../../../../../contracts/rest/notifications';

export const PREFERENCES_PATH = '/api/v1/notifications/preferences';
export const preferencesKey = ['notifications', 'preferences'] as const;

/**
 * GET /api/v1/notifications/preferences: per kind the caller's role receives, each channel on, off or null (the
 * kind never uses it); their quiet hours (null: the portal's) and, for a coach, the morning summary.
 */
async function getPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  const response = await api.get<Envelope<NotificationPreferences>>(PREFERENCES_PATH, { signal });
  return response.data.data;
}

export const usePreferences = () =>
  useQuery(queryOptions({ queryKey: preferencesKey, queryFn: ({ signal }) => getPreferences(signal) }));
