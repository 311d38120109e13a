// What an attachment really is, read from its bytes by file-type: the name and the declared type are the
// uploader's claims and decide nothing (a PHP script renamed photo.jpg is text, not a JPEG, and is refused).
// SVG is refused altogether: it is XML that can carry script, and no allow-list of its features is worth the
// risk for a mailbox. Plain text (which has no signature) is accepted under a .txt or .csv name when it is
// valid UTF-8 without control characters; it is always served as text/plain. Company files (/resources) take
// the same checks and limits through storeAttachment; files uploaded to a lesson take them through
// fileTypeOnDisk, with audio besides, and a lesson's video only as MP4 or WebM.
import { open, readFile } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { FileTypeResult } from 'file-type';
import { FieldError } from '../../errors.js';
import { hasControl } from '../../plain-text.js';
import type { Storage } from '../storage/storage.js';
import { randomKey } from '../storage/storage.js';

/** At most 25 MB a file, and 10 files and 25 MB together for one message (or one sending of files). */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
export { ATTACHMENTS_MAX_COUNT } from '../../../../contracts/rest/company-files.js';
export const TOO_LARGE = 'A file must be at most 25 MB.';

const documents = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];
const audio = ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/ogg', 'audio/wav'];
const videos = ['video/mp4', 'video/webm'];
const documentsSaid =
  'a PDF, an image (PNG, JPEG, GIF or WebP), a Word, Excel or PowerPoint document, or a .txt or .csv file';

/** The types a door accepts (plain text only where documents are), and how its refusal names them. */
export const ACCEPTS = {
  documents: { types: new Set(documents), text: true, said: documentsSaid },
  'lesson file': {
    types: new Set([...documents, ...audio]),
    text: true,
    said: `${documentsSaid}, or audio (MP3, M4A, OGG or WAV)`,
  },
  video: { types: new Set(videos), text: false, said: 'an MP4 or WebM video' },
} as const;
type Accept = (typeof ACCEPTS)[keyof typeof ACCEPTS];

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

/**
 * The type a file is stored and served with, from what its bytes are (`detected`, its first bytes `head` and,
 * read only when needed, all of them), or a 422 on `field` saying why it is refused.
 */
async function typeOf(
  file: { name: string; size: number; head: Uint8Array; detected: FileTypeResult | undefined },
  all: () => Promise<Uint8Array>,
  accept: Accept,
  field: string,
): Promise<string> {
  const refuse = (message: string) => new FieldError({ [field]: [message] });
  if (file.size === 0) throw refuse('The file is empty.');
  if (isSvg(file.head) || /\.svgz?$/i.test(file.name)) {
    throw refuse(
      'SVG images are not accepted because they can contain scripts. Send a PNG or a PDF instead.',
    );
  }
  if (file.detected && accept.types.has(file.detected.mime)) return file.detected.mime;
  if (
    !file.detected &&
    accept.text &&
    /\.(txt|csv)$/i.test(file.name) &&
    file.size <= ATTACHMENT_MAX_BYTES &&
    isPlainText(await all())
  )
    return 'text/plain; charset=utf-8';
  throw refuse(`This type of file is not accepted. Send ${accept.said}.`);
}

/** The type the attachment is stored and served with, or a 422 on `field` saying why it is refused. */
async function attachmentTypeOf(name: string, bytes: Uint8Array, field: string): Promise<string> {
  const file = { name, size: bytes.length, head: bytes, detected: await fileTypeFromBuffer(bytes) };
  return typeOf(file, () => Promise.resolve(bytes), ACCEPTS.documents, field);
}

/**
 * A file streamed to disk (`path`, `size` bytes), typed by its bytes as an attachment is, against what the door
 * accepts; read from the disk only as far as its type needs (all of it only for plain text).
 */
export async function fileTypeOnDisk(
  file: { path: string; name: string; size: number },
  accept: Accept,
  field: string,
): Promise<string> {
  const handle = await open(file.path);
  let head: Uint8Array;
  try {
    const buffer = Buffer.alloc(Math.min(file.size, 4096));
    head = buffer.subarray(0, (await handle.read(buffer, 0, buffer.length, 0)).bytesRead);
  } finally {
    await handle.close();
  }
  const detected = await fileTypeFromFile(file.path);
  return typeOf({ ...file, head, detected }, () => readFile(file.path), accept, field);
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
