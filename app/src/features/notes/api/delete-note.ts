import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { notesQueryOptions } from './get-notes';

/** POST /api/v1/clientportal/delete/note/: removes a note for good. */
async function deleteNote(id: number): Promise<void> {
  await api.post<Envelope<{ id: number; deleted: boolean }>>('/api/v1/clientportal/delete/note/', { id });
}

export function useDeleteNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: () => client.invalidateQueries({ queryKey: notesQueryOptions().queryKey }),
  });
}
