/**
 * Compression for `portal serve`, as the CDN in front of production storage does it (the objects are stored
 * plain): text files are sent brotli or gzip encoded when the browser asks for it. Without it the preview
 * would send the app's JavaScript at about three times its size, and every load measured on it would be slow
 * for a reason production does not have.
 *
 * Files are compressed whole at the highest levels (the same gzip level 9 the login budget is counted at) and
 * kept in memory by path, size and modification time: hashed assets never change, so each is compressed once.
 */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed answer saves less than its own headers cost. */
const MIN_BYTES = 1024;
/** Bigger files (none in a built site) are streamed as they are rather than held in memory. */
const MAX_BYTES = 10 * 1024 * 1024;
/** The cache is dropped whole past this: a preview serves a few sites of a few MB each. */
const CACHE_LIMIT_BYTES = 256 * 1024 * 1024;

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml|wasm)|image\/svg\+xml)/;

/** The encoding to answer with, from the request's Accept-Encoding; brotli first, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

export function isCompressible(contentType: string, size: number): boolean {
  return size >= MIN_BYTES && size <= MAX_BYTES && COMPRESSIBLE.test(contentType);
}

const cache = new Map<string, Buffer>();
let cachedBytes = 0;

/** The file's bytes in `encoding`, compressed once per version of the file. */
export async function compressedFile(
  file: string,
  encoding: Encoding,
  version: { size: number; mtimeMs: number },
): Promise<Buffer> {
  const key = `${encoding}:${version.size}:${version.mtimeMs}:${file}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const bytes = await readFile(file);
  const body =
    encoding === 'br'
      ? await brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
      : await gzipAsync(bytes, { level: 9 });
  if (cachedBytes + body.length > CACHE_LIMIT_BYTES) {
    cache.clear();
    cachedBytes = 0;
  }
  cache.set(key, body);
  cachedBytes += body.length;
  return body;
}
