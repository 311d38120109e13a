import { api } from '@/lib/api-client';

/** POST .../areas/:areaId/delete: sent once the undo time is over; its steps go with it. */
export const deleteArea = (clientId: number, areaId: number) =>
  api.post(`/api/v1/coach/clients/${clientId}/areas/${areaId}/delete`, {});
