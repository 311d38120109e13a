/**
 * The files of a message being written: each uploads on its own as soon as it is picked (so it shows its own
 * progress and its own error), can be removed before sending, and the message is sent with the uploaded ids.
 */
import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-errors';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MB, checkPicked } from '@/lib/uploads';
import { deleteAttachment, uploadAttachment } from '@/lib/mail-attachments';
import type { Attachment } from '@/lib/mail';

interface PendingFile {
  key: number;
  name: string;
  size: number;
  /** 0..1 while uploading. */
  progress: number;
  uploaded: Attachment | null;
  error: string | null;
}

const notAttached = {
  count: `Not attached: a message takes at most ${UPLOAD_MAX_FILES} files.`,
  empty: 'Not attached: the file is empty.',
  size: `Not attached: a message's files take at most ${UPLOAD_MAX_MB} MB together.`,
};

export function useAttachments() {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const nextKey = useRef(0);
  const uploads = useRef(new Map<number, AbortController>());

  const update = (key: number, change: Partial<PendingFile>) =>
    setFiles((all) => all.map((file) => (file.key === key ? { ...file, ...change } : file)));

  const upload = (key: number, file: File) => {
    const controller = new AbortController();
    uploads.current.set(key, controller);
    uploadAttachment(file, (progress) => update(key, { progress }), controller.signal)
      .then(
        (uploaded) => update(key, { uploaded, progress: 1 }),
        (error: unknown) => {
          if (!controller.signal.aborted) update(key, { error: errorMessage(error) });
        },
      )
      .finally(() => uploads.current.delete(key));
  };

  const add = (picked: File[]) => {
    // Files already refused count towards neither limit.
    const checked = checkPicked(
      files.filter((file) => !file.error),
      picked,
    );
    const added = checked.map(({ file, problem }): PendingFile => {
      const entry = { key: nextKey.current++, name: file.name, size: file.size, progress: 0, uploaded: null };
      if (!problem) upload(entry.key, file);
      return { ...entry, error: problem && notAttached[problem] };
    });
    setFiles((all) => [...all, ...added]);
  };

  const remove = (target: PendingFile) => {
    uploads.current.get(target.key)?.abort();
    setFiles((all) => all.filter((file) => file.key !== target.key));
    // Not sent yet: the server drops the upload. A failure here was a toast already; the file stays unsent.
    if (target.uploaded) void deleteAttachment(target.uploaded.id).catch(() => undefined);
  };

  return {
    files,
    add,
    remove,
    /** Sent: the list empties without deleting anything on the server. */
    clear: () => setFiles([]),
    ids: files.flatMap((file) => (file.uploaded ? [file.uploaded.id] : [])),
    busy: files.some((file) => !file.uploaded && !file.error),
  };
}
