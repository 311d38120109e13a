import { api } from '@/lib/api-client';

/** POST .../steps/:stepId/delete: sent once the undo time is over. */
export const deleteStep = (clientId: number, stepId: number) =>
  api.post(`/api/v1/coach/clients/${clientId}/steps/${stepId}/delete`, {});
