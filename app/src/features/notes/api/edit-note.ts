import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { notesQueryOptions, type Note, type NoteInput } from './get-notes';

/** POST /api/v1/clientportal/edit/note/: a note's new title, text and date. */
async function editNote(input: NoteInput & { id: number }): Promise<Note> {
  const response = await api.post<Envelope<Note>>('/api/v1/clientportal/edit/note/', input);
  return response.data.data;
}

export function useEditNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editNote,
    onSuccess: () => client.invalidateQueries({ queryKey: notesQueryOptions().queryKey }),
  });
}
