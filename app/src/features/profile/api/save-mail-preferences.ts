import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { MAIL_PREFERENCES_PATH, mailPreferencesKey, type MailPreferences } from './get-mail-preferences';

/** POST /api/v1/me/mail-preferences: the whole choice at once; the answer is what the server now keeps. */
async function saveMailPreferences(preferences: MailPreferences): Promise<MailPreferences> {
  const response = await api.post<Envelope<MailPreferences>>(MAIL_PREFERENCES_PATH, preferences);
  return response.data.data;
}

export function useSaveMailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMailPreferences,
    onSuccess: (saved) => client.setQueryData(mailPreferencesKey, saved),
  });
}
