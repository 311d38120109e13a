/**
 * The last answer of a page that should read offline (the schedule and the notes), kept in local storage for
 * the signed-in user and encoded with the session's cipher. It is personal data, so it lives only here, never
 * in the service worker's Cache Storage: a copy names the user it belongs to, is used only for that user, and
 * goes with the session on every logout (session.ts clears every key under OFFLINE_KEY_PREFIX). When the API
 * cannot be reached at all (no answer, not an error answer) and a copy exists, the query reads as that copy,
 * with the time it was loaded, so the page can say it is offline.
 */
import type { QueryObserverSuccessResult, UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError, isCancel } from './api-call';
import { decode, encode } from './cipher';
import { OFFLINE_KEY_PREFIX, sessionStore } from './session';

interface StoredCopy {
  userId: number;
  savedAt: string;
  data: unknown;
}

type WithOfflineCopy<T> = UseQueryResult<T> & {
  /** When the copy shown was loaded; null while the answer is live. */
  offlineSince: string | null;
};

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

function save(name: string, data: unknown): void {
  const user = sessionStore.get()?.user;
  if (!user) return;
  const copy: StoredCopy = { userId: user.id, savedAt: new Date().toISOString(), data };
  try {
    storage()?.setItem(OFFLINE_KEY_PREFIX + name, encode(copy));
  } catch {
    // Storage full or disabled: the page just will not read offline.
  }
}

function read(name: string): StoredCopy | null {
  const user = sessionStore.get()?.user;
  const encoded = storage()?.getItem(OFFLINE_KEY_PREFIX + name);
  if (!user || !encoded) return null;
  try {
    const copy = decode(encoded) as Partial<StoredCopy> | null;
    if (copy?.userId !== user.id || typeof copy.savedAt !== 'string') return null;
    return { userId: copy.userId, savedAt: copy.savedAt, data: copy.data };
  } catch {
    return null;
  }
}

/** No answer at all (offline, the API unreachable), as opposed to an answer that is an error. */
const unreachable = (error: unknown): boolean => isApiError(error) && !isCancel(error) && !error.response;

/**
 * The query, or, when the API cannot be reached, its last copy for this user. The copy's data is trusted as
 * far as the answer it was saved from: the app wrote it, and the cipher makes an edited value fail to decode.
 */
export function useOfflineCopy<T>(name: string, query: UseQueryResult<T>): WithOfflineCopy<T> {
  const { isSuccess, data, dataUpdatedAt } = query;
  useEffect(() => {
    if (isSuccess) save(name, data);
  }, [name, isSuccess, data, dataUpdatedAt]);
  const copy = query.isError && unreachable(query.error) ? read(name) : null;
  if (!copy) return { ...query, offlineSince: null };
  const shown = {
    ...query,
    data: copy.data as T,
    error: null,
    isError: false,
    isSuccess: true,
    isPending: false,
    status: 'success',
  } as QueryObserverSuccessResult<T>;
  return { ...shown, offlineSince: copy.savedAt };
}
