import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { PREFERENCES_PATH, preferencesKey } from './get-preferences';
import type { Preferences } from './types';

/** The fields whose refusals the form shows beside them. */
export const PREFERENCE_FIELDS = ['kinds', 'quiet_hours', 'morning_summary'] as const;

/** PUT /api/v1/notifications/preferences: the whole choice at once; the answer is what the server now keeps. */
async function savePreferences(preferences: Preferences): Promise<Preferences> {
  const response = await api.put<Envelope<Preferences>>(PREFERENCES_PATH, preferences, {
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
