import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { Availability, AvailabilityPage } from './get-availability';
import { availabilityQueryOptions } from './get-availability';
import { previewKey } from './get-preview-slots';

/**
 * PUT /api/v1/coach/availability: the whole availability at once. `fields` are the body's fields the editor
 * shows beside their controls (`weekly.0.start`, `settings.horizon_days`...), so a 422 lands there.
 */
async function saveAvailability({
  availability,
  fields,
}: {
  availability: Availability;
  fields: readonly string[];
}): Promise<AvailabilityPage> {
  return (await api.put<Envelope<AvailabilityPage>>('/api/v1/coach/availability', availability, { fields }))
    .data.data;
}

export function useSaveAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: async (saved) => {
      client.setQueryData(availabilityQueryOptions().queryKey, saved);
      // What clients see follows the hours.
      await client.invalidateQueries({ queryKey: previewKey });
    },
  });
}
