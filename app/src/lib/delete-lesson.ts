/**
 * Deleting a coach's lesson, from a group's lesson list or the academy's: two features share it, so it sits here
 * rather than in features/coach-lessons (the editor itself never deletes its lesson).
 */
import { api } from './api-client';

/** POST /api/v1/coach/lessons/{id}/delete. */
export async function deleteLesson(id: number): Promise<void> {
  await api.post(`/api/v1/coach/lessons/${id}/delete`, {});
}
