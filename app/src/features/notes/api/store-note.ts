import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { notesQueryOptions, type Note, type NoteInput } from './get-notes';

/** POST /api/v1/clientportal/store/note/ (201): a new meeting note. */
async function storeNote(input: NoteInput): Promise<Note> {
  // Its form shows each field it sends, with the API's reasons beside it.
  const response = await api.post<Envelope<Note>>('/api/v1/clientportal/store/note/', input, {
    fields: Object.keys(input),
  });
  return response.data.data;
}

export function useStoreNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: storeNote,
    onSuccess: () => client.invalidateQueries({ queryKey: notesQueryOptions().queryKey }),
  });
}
