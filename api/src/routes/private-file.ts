// Uploaded files in and out, for every route that takes or serves one (mail attachments, company files): the
// name a person sees, the bytes of a multipart part within the size limit, and the answer that makes a browser
// save the file under its exact name without ever running it as a page on the API's origin.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { FieldError } from '../errors.js';
import { replaceControl } from '../plain-text.js';
import { TOO_LARGE } from '../services/mailbox/attachment-type.js';

/**
 * The name as shown to people: browsers send a quote as %22 (the HTML standard's form-data encoding), so it is
 * turned back; no folders, no control characters, at most 200 characters.
 */
export function displayName(filename: string, fallback = 'attachment'): string {
  const name = filename.replace(/%22/g, '"');
  const base = replaceControl(name.split(/[\\/]/).pop() ?? '', '')
    .replace(/%0[AD]/gi, '')
    .trim();
  return [...base].slice(0, 200).join('') || fallback;
}

/**
 * RFC 6266: a plain-ASCII filename for old clients (quotes, backslashes and anything else replaced by `_`) and
 * filename* with the exact name in UTF-8, percent-encoded, so no name can break out of the header.
 */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A file part's bytes; over the multipart fileSize limit it is a 422 on `field`. */
export function fileBytes(part: MultipartFile, field: string): Promise<Buffer> {
  return part.toBuffer().catch((error: { code?: string }) => {
    throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? new FieldError({ [field]: [TOO_LARGE] }) : error;
  });
}

/** A download's headers: its stored type, nosniff, a CSP that forbids everything, never cached. */
export function privateFileHeaders(reply: FastifyReply, file: { name: string; type: string }): FastifyReply {
  return reply
    .type(file.type)
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store');
}

/** The file as a download, with privateFileHeaders. */
export function sendPrivateFile(
  reply: FastifyReply,
  file: { name: string; type: string; bytes: Buffer },
): FastifyReply {
  return privateFileHeaders(reply, file).send(file.bytes);
}
