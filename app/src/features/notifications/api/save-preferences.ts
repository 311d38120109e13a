import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { NotificationPreferences, PreferencesChange } from '../../../../../contracts/rest/notifications';
import { PREFERENCES_PATH, preferencesKey } from './get-preferences';

/** The fields whose refusals the form shows beside them (the API names a time by its path, quiet_hours.from). */
const PREFERENCE_FIELDS = ['quiet_hours', 'quiet_hours.from', 'quiet_hours.to'] as const;
export type PreferenceField = (typeof PREFERENCE_FIELDS)[number];

/** POST /api/v1/notifications/preferences: the whole choice at once; the answer is what the server now keeps. */
async function savePreferences(change: PreferencesChange): Promise<NotificationPreferences> {
  const response = await api.post<Envelope<NotificationPreferences>>(PREFERENCES_PATH, change, {
    fields: PREFERENCE_FIELDS,
  });
  return response.data.data;
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}
