import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { notesQueryOptions, type Note, type NoteInput } from './get-notes';

/** POST /api/v1/clientportal/edit/note/: a note's new title, text and date. */
async function editNote(input: NoteInput & { id: number }): Promise<Note> {
  // Its form shows each field of the note (not the id), with the API's reasons beside it.
  const { id: _id, ...note } = input;
  const response = await api.post<Envelope<Note>>('/api/v1/clientportal/edit/note/', input, {
    fields: Object.keys(note),
  });
  return response.data.data;
}

export function useEditNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editNote,
    onSuccess: () => client.invalidateQueries({ queryKey: notesQueryOptions().queryKey }),
  });
}
