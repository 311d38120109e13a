import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { useOfflineCopy } from '@/lib/offline-copy';
import type { Note, NoteInput } from '../../../../../contracts/rest/client-work';

// The payload types are the API's schemas' (contracts/rest/client-work.ts).
export type { Note, NoteInput };

/** POST /api/v1/clientportal/notes/: the client's meeting notes, newest meeting first. */
async function getNotes(signal?: AbortSignal): Promise<Note[]> {
  const response = await api.post<Envelope<Note[]>>('/api/v1/clientportal/notes/', {}, { signal });
  return response.data.data;
}

export const notesQueryOptions = () =>
  queryOptions({ queryKey: ['notes'], queryFn: ({ signal }) => getNotes(signal) });

/** The notes, or offline their last copy for this user. */
export const useNotes = () => useOfflineCopy('notes', useQuery(notesQueryOptions()));
