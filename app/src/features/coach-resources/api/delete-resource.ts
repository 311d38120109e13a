import { api } from '@/lib/api-client';

/** POST /api/v1/coach/resources/:id/delete: sent once the undo time is over; a file leaves storage. */
export const deleteResource = (id: number) => api.post(`/api/v1/coach/resources/${id}/delete`, {});
