// Mail attachments (SPEC §7 /upload/mail and /delete/mail, and the download): one file per upload, kept
// privately by the storage module; a file goes out only to a party of its message (or its uploader before it
// is sent), as an attachment with nosniff and a CSP that forbids everything.
import { FieldError } from '../errors.js';
import { ATTACHMENT_MAX_BYTES } from '../services/mailbox/mailbox-service.js';
import { route } from './route.js';
import { closed, ok, tenantHeaders, userId } from './schemas.js';

const signedIn = { auth: true };
const attachment = closed({
  id: { type: 'integer' },
  name: { type: 'string' },
  size: { type: 'integer' },
  type: { type: 'string' },
});

/**
 * The name as shown to people: browsers send a quote as %22 (the HTML standard's form-data encoding), so it is
 * turned back; no folders, no control characters, at most 200 characters.
 */
function displayName(filename: string): string {
  const name = filename.replace(/%22/g, '"');
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]|%0[AD]/gi, '').trim();
  return [...base].slice(0, 200).join('') || 'attachment';
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

const tooLarge = () => new FieldError({ file: ['A file must be at most 25 MB.'] });

export const upload = route({
  schema: { headers: tenantHeaders, response: { 201: closed({ data: attachment }) } },
  config: signedIn,
  multipart: { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 } },
  async handle(s, request, reply) {
    let file: { name: string; bytes: Buffer } | null = null;
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file')
        throw new FieldError({ [part.fieldname]: ['Send one file in the "file" field.'] });
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
      });
      file = { name: displayName(part.filename), bytes };
    }
    if (!file) throw new FieldError({ file: ['Choose a file.'] });
    const owner = { tenantId: request.tenant.id, userId: request.caller.userId };
    return reply.code(201).send({ data: await s.mailbox.upload(owner, file.name, file.bytes) });
  },
});

export const discard = route({
  schema: {
    headers: tenantHeaders,
    body: closed({ id: userId }),
    response: ok(closed({ id: { type: 'integer' }, deleted: { type: 'boolean' } })),
  },
  config: signedIn,
  async handle(s, request) {
    const owner = { tenantId: request.tenant.id, userId: request.caller.userId };
    await s.mailbox.discardUpload(owner, request.body.id);
    return { data: { id: request.body.id, deleted: true } };
  },
});

export const download = route({
  schema: { headers: tenantHeaders, params: closed({ id: userId }) },
  config: signedIn,
  async handle(s, request, reply) {
    const owner = { tenantId: request.tenant.id, userId: request.caller.userId };
    const file = await s.mailbox.download(owner, request.params.id);
    return reply
      .type(file.type)
      .header('content-disposition', contentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  },
});
