// What an attachment really is, read from its bytes by file-type: the name and the declared type are the
// uploader's claims and decide nothing (a PHP script renamed photo.jpg is text, not a JPEG, and is refused).
// SVG is refused altogether: it is XML that can carry script, and no allow-list of its features is worth the
// risk for a mailbox. Plain text (which has no signature) is accepted under a .txt or .csv name when it is
// valid UTF-8 without control characters; it is always served as text/plain. Company files (/resources) take
// the same checks and limits through storeAttachment.
import { fileTypeFromBuffer } from 'file-type';
import { FieldError } from '../../errors.js';
import { hasControl } from '../../plain-text.js';
import type { Storage } from '../storage/storage.js';
import { randomKey } from '../storage/storage.js';

/** At most 25 MB a file, and 10 files and 25 MB together for one message (or one sending of files). */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
export const ATTACHMENTS_MAX_COUNT = 10;
export const TOO_LARGE = 'A file must be at most 25 MB.';

const accepted = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

const isSvg = (bytes: Uint8Array) =>
  /<svg[\s>/]/i.test(Buffer.from(bytes.subarray(0, 4096)).toString('latin1'));

function isPlainText(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return !hasControl('multi-line', text);
  } catch {
    return false;
  }
}

/** The type the file is stored and served with, or a 422 on `field` saying why it is refused. */
async function attachmentTypeOf(name: string, bytes: Uint8Array, field: string): Promise<string> {
  const refuse = (message: string) => new FieldError({ [field]: [message] });
  if (bytes.length === 0) throw refuse('The file is empty.');
  if (isSvg(bytes) || /\.svgz?$/i.test(name)) {
    throw refuse(
      'SVG images are not accepted because they can contain scripts. Send a PNG or a PDF instead.',
    );
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && accepted.has(detected.mime)) return detected.mime;
  if (!detected && /\.(txt|csv)$/i.test(name) && isPlainText(bytes)) return 'text/plain; charset=utf-8';
  throw refuse(
    'This type of file is not accepted. Send a PDF, an image (PNG, JPEG, GIF or WebP), a Word, Excel or ' +
      'PowerPoint document, or a .txt or .csv file.',
  );
}

/**
 * Checks a file (size, then type by its bytes) and names the new server-made key of `area` it is to be kept
 * under; a refused file is a 422 on `field`. Nothing is stored yet: the caller may record the file first.
 */
export async function checkAttachment(
  area: string,
  file: { name: string; bytes: Uint8Array },
  field = 'file',
): Promise<{ object_key: string; name: string; size: number; content_type: string }> {
  if (file.bytes.length > ATTACHMENT_MAX_BYTES) throw new FieldError({ [field]: [TOO_LARGE] });
  const contentType = await attachmentTypeOf(file.name, file.bytes, field);
  return { object_key: randomKey(area), name: file.name, size: file.bytes.length, content_type: contentType };
}

/** checkAttachment, then keeps the file in the storage under its key; a refused file stores nothing. */
export async function storeAttachment(
  storage: Storage,
  area: string,
  file: { name: string; bytes: Uint8Array },
  field = 'file',
): Promise<{ object_key: string; name: string; size: number; content_type: string }> {
  const checked = await checkAttachment(area, file, field);
  await storage.put(checked.object_key, file.bytes, checked.content_type);
  return checked;
}
