// Mail attachments (SPEC §7 /upload/mail and /delete/mail, and the download): one file per upload, kept
// privately by the storage module; a file goes out only to a party of its message (or its uploader before it
// is sent), as an attachment with nosniff and a CSP that forbids everything.
import { FieldError } from '../errors.js';
import { ATTACHMENT_MAX_BYTES } from '../services/mailbox/attachment-type.js';
import { displayName, fileBytes, sendPrivateFile } from './private-file.js';
import { signedInRoute } from './route.js';
import { boolean, closed, integer, ok, string, userId } from '../../../contracts/rest/pieces.js';

// A message's parties are a client and a coach: the admin has no mailbox.
const partyRoute = signedInRoute(['client', 'coach']);

const attachment = closed({
  id: integer,
  name: string,
  size: integer,
  type: string,
});

export const upload = partyRoute({
  schema: { response: { 201: closed({ data: attachment }) } },
  multipart: { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 } },
  async handle(s, request, reply) {
    let file: { name: string; bytes: Buffer } | null = null;
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file')
        throw new FieldError({ [part.fieldname]: ['Send one file in the "file" field.'] });
      file = { name: displayName(part.filename), bytes: await fileBytes(part, 'file') };
    }
    if (!file) throw new FieldError({ file: ['Choose a file.'] });
    const owner = request.caller;
    return reply.code(201).send({ data: await s.mailbox.upload(owner, file.name, file.bytes) });
  },
});

export const discard = partyRoute({
  schema: {
    body: closed({ id: userId }),
    response: ok(closed({ id: integer, deleted: boolean })),
  },
  async handle(s, request) {
    const owner = request.caller;
    await s.mailbox.discardUpload(owner, request.body.id);
    return { data: { id: request.body.id, deleted: true } };
  },
});

export const download = partyRoute({
  schema: { params: closed({ id: userId }) },
  async handle(s, request, reply) {
    const owner = request.caller;
    const file = await s.mailbox.download(owner, request.params.id);
    return sendPrivateFile(reply, file);
  },
});
