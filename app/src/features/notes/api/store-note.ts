import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { notesQueryOptions, type Note, type NoteInput } from './get-notes';

/** POST /api/v1/clientportal/store/note/ (201): a new meeting note. */
async function storeNote(input: NoteInput): Promise<Note> {
  const response = await api.post<Envelope<Note>>('/api/v1/clientportal/store/note/', input);
  return response.data.data;
}

export function useStoreNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: storeNote,
    onSuccess: () => client.invalidateQueries({ queryKey: notesQueryOptions().queryKey }),
  });
}
