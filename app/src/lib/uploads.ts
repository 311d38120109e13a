/**
 * The API's upload limits (mail attachments and company files share them), checked in the browser first so a
 * file the server would refuse is never sent: 10 files and 25 MB together (so 25 MB for one file too), and no
 * empty file.
 */
export const UPLOAD_MAX_FILES = 10;
const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
export const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / 1024 / 1024;

type Problem = 'count' | 'empty' | 'size';

/**
 * Each picked file with the limit it would break next to the files already `kept` (null: it fits). Files
 * are taken in order, so the first ten that fit are kept and the rest are refused.
 */
export function checkPicked<F extends { size: number }>(
  kept: readonly { size: number }[],
  picked: readonly F[],
): { file: F; problem: Problem | null }[] {
  let room = UPLOAD_MAX_FILES - kept.length;
  let bytes = kept.reduce((sum, file) => sum + file.size, 0);
  return picked.map((file) => {
    let problem: Problem | null = null;
    if (room <= 0) problem = 'count';
    else if (file.size === 0) problem = 'empty';
    else if (bytes + file.size > UPLOAD_MAX_BYTES) problem = 'size';
    else {
      room -= 1;
      bytes += file.size;
    }
    return { file, problem };
  });
}

const KB = 1024;

/** '512 B', '14 KB', '3.2 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < KB * KB) return `${Math.round(bytes / KB)} KB`;
  return `${(bytes / KB / KB).toFixed(1)} MB`;
}
