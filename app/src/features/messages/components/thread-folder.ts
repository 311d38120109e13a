/**
 * Which folder a thread was opened from, kept in its address (`/messages/thread/12?from=sent`) so a reload or
 * a new tab keeps it: the folder tab stays highlighted, the thread links back to it, and deleting its last
 * message returns there.
 */
import { useMatch, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Folder } from '../api/get-emails';

const FOLDERS: Record<Folder, { path: string; label: string }> = {
  inbox: { path: paths.messagesInbox, label: 'Inbox' },
  sent: { path: paths.messagesSent, label: 'Sent' },
};

export const folderPath = (folder: Folder) => FOLDERS[folder].path;
export const folderLabel = (folder: Folder) => FOLDERS[folder].label;

export const threadHref = (id: number, from: Folder) => `${paths.messagesThread(id)}?from=${from}`;

/** On a thread's page, the folder in its address; null elsewhere or without one (a bookmark). */
export function useThreadFolder(): Folder | null {
  const inThread = useMatch(paths.messagesThread());
  const from = useSearchParams()[0].get('from');
  return inThread && (from === 'inbox' || from === 'sent') ? from : null;
}
