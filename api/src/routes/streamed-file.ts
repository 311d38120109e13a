// Large files in and out without holding them in memory: one file of a multipart form streamed to a temporary
// file on disk (within the route's size limit), and a stored file answered by HTTP range (a video element asks
// for the part it plays or seeks to, and gets 206 with exactly those bytes).
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FieldError, HttpError } from '../errors.js';
import type { ByteRange } from '../services/storage/storage-port.js';
import { displayName, privateFileHeaders } from './private-file.js';

/** The multipart parser's limits for a route that takes one file and nothing else. */
export const oneFileLimits = (fileSize: number) => ({ limits: { fileSize, files: 1, fields: 0, parts: 1 } });

/**
 * The form's one file (`field`), streamed to a temporary folder; `use` gets it there, and the folder goes
 * afterwards whatever happens. Past the route's size limit it is a 422 on `field` saying `tooLarge`.
 */
export async function withUpload<T>(
  request: FastifyRequest,
  field: string,
  tooLarge: string,
  use: (upload: { name: string; path: string; size: number }) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-upload-'));
  try {
    const part = await request.file();
    if (!part) throw new FieldError({ [field]: ['Choose a file.'] });
    if (part.fieldname !== field) throw new FieldError({ [part.fieldname]: ['This field is not allowed.'] });
    const path = join(folder, 'upload');
    await pipeline(part.file, createWriteStream(path, { mode: 0o600 })).catch((error: { code?: string }) => {
      throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? new FieldError({ [field]: [tooLarge] }) : error;
    });
    if (part.file.truncated) throw new FieldError({ [field]: [tooLarge] });
    const { size } = await stat(path);
    return await use({ name: displayName(part.filename, 'file'), path, size });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The one range a Range header asks for, all of the file without one, or null when it cannot be met. */
function rangeOf(header: string | undefined, size: number): ByteRange | 'all' | null {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // No header, or one this does not serve (several ranges, another unit): the whole file, as HTTP allows.
  if (!match || (match[1] === '' && match[2] === '')) return 'all';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 ? null : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start >= size || end < start ? null : { start, end };
}

/**
 * A stored file as a private download with range support: 206 with the asked bytes, 416 for a range past its
 * end, 200 with everything otherwise. `file.open` streams a range from the storage (null: gone, a 404).
 */
export async function sendRanges(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { name: string; type: string; size: number; open: (range: ByteRange) => Promise<Readable | null> },
): Promise<FastifyReply> {
  const asked = rangeOf(request.headers.range, file.size);
  privateFileHeaders(reply, file).header('accept-ranges', 'bytes');
  if (asked === null) return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  const range = asked === 'all' ? { start: 0, end: file.size - 1 } : asked;
  const stream = await file.open(range);
  if (!stream) throw new HttpError(404, 'File not found.');
  if (asked !== 'all')
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  return reply.header('content-length', range.end - range.start + 1).send(stream);
}
