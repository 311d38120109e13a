import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { calendarsQueryOptions, type CalendarConnection, type NewCalendarConnection } from './get-calendars';
import { previewKey } from './get-preview-slots';

/**
 * The calendar list's changes, each followed by the list and the preview read again (a calendar's busy times
 * take free times away): POST /api/v1/coach/calendars (add; a 422 goes beside the form's fields), POST
 * /api/v1/coach/calendars/:id/refresh (read it now) and DELETE /api/v1/coach/calendars/:id (remove).
 */
function useCalendarChange<A, R>(call: (argument: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: calendarsQueryOptions().queryKey }),
        client.invalidateQueries({ queryKey: previewKey }),
      ]),
  });
}

export const useAddCalendar = () =>
  useCalendarChange(async (connection: NewCalendarConnection) =>
    api.post<Envelope<CalendarConnection>>('/api/v1/coach/calendars', connection, {
      fields: Object.keys(connection),
    }),
  );

/** The calendar as the read left it: read, or failing with its problem. */
export const useRefreshCalendar = () =>
  useCalendarChange(
    async (id: number) =>
      (await api.post<Envelope<CalendarConnection>>(`/api/v1/coach/calendars/${id}/refresh`, {})).data.data,
  );

export const useRemoveCalendar = () =>
  useCalendarChange((id: number) => api.delete(`/api/v1/coach/calendars/${id}`));
