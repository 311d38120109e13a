// The company's files (SPEC §7 "Files"): the list, a new sending to the coach (multipart), rename/describe,
// delete, and the download (not in SPEC §7: a file goes out only through this authorised route). The company id
// in the path or body must be the caller's own; the service checks it against the token's user.
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { FieldError } from '../errors.js';
import { DESCRIPTION_MAX } from '../services/company-files/company-files-service.js';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_MAX_COUNT } from '../services/mailbox/attachment-type.js';
import { authenticated, call, dateTime, id, list } from './client-schemas.js';
import { hasControl, plainTextMessages } from '../plain-text.js';
import { displayName, fileBytes, sendPrivateFile } from './private-file.js';
import { clients, route } from './route.js';
import { closed, line, multiLine, tenantHeaders } from './schemas.js';

const companyFile = closed({
  id: { type: 'integer' },
  company_id: { type: 'integer' },
  description: { type: 'string' },
  files: list(
    closed({
      id: { type: 'integer' },
      name: { type: 'string' },
      size: { type: 'integer' },
      type: { type: 'string' },
      created_at: dateTime,
    }),
  ),
  sender: closed({ id: { type: 'integer' }, first_name: { type: 'string' }, last_name: { type: 'string' } }),
  from_coach: { type: 'boolean' },
  editable: { type: 'boolean' },
  created_at: dateTime,
  updated_at: dateTime,
});

const description = { type: 'string', maxLength: DESCRIPTION_MAX, ...multiLine } as const;

export const companyFiles = route({
  roles: clients,
  schema: {
    headers: tenantHeaders,
    params: closed({ id }),
    response: { 200: closed({ data: list(companyFile) }) },
  },
  config: authenticated,
  async handle(s, request) {
    return { data: await s.companyFiles.list(request.caller, request.params.id) };
  },
});

const field = (name: string, message: string) => new FieldError({ [name]: [message] });

/** multipart's own limits (too many files or fields) answered as the contract's 422. */
const limitErrors: Record<string, [string, string]> = {
  FST_FILES_LIMIT: ['files', `Send at most ${ATTACHMENTS_MAX_COUNT} files at a time.`],
  FST_FIELDS_LIMIT: ['description', 'Send only company_id, description and files.'],
  FST_PARTS_LIMIT: ['files', `Send at most ${ATTACHMENTS_MAX_COUNT} files at a time.`],
};

interface Sending {
  companyId: number | null;
  description: string;
  files: { name: string; bytes: Buffer }[];
}

/** Reads the form: company_id, an optional description, and files (`files` or `files[]`, repeated). */
async function readSending(request: FastifyRequest): Promise<Sending> {
  const sending: Sending = { companyId: null, description: '', files: [] };
  let total = 0;
  const read = async (part: Multipart) => {
    if (part.type === 'file') {
      if (part.fieldname !== 'files' && part.fieldname !== 'files[]')
        throw field(part.fieldname, 'This field is not allowed.');
      const bytes = await fileBytes(part, 'files');
      total += bytes.length;
      if (total > ATTACHMENT_MAX_BYTES)
        throw field('files', 'The files sent at once must be at most 25 MB together.');
      sending.files.push({ name: displayName(part.filename, 'file'), bytes });
    } else if (part.fieldname === 'company_id') {
      const value = String(part.value);
      if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647)
        throw field('company_id', 'Send your company id.');
      sending.companyId = Number(value);
    } else if (part.fieldname === 'description') {
      const value = String(part.value);
      if (hasControl('multi-line', value)) throw field('description', plainTextMessages['multi-line']);
      sending.description = value;
    } else {
      throw field(part.fieldname, 'This field is not allowed.');
    }
  };
  try {
    for await (const part of request.parts()) await read(part);
  } catch (error) {
    const limit = limitErrors[(error as { code?: string }).code ?? ''];
    throw limit ? field(...limit) : error;
  }
  return sending;
}

export const newCoachFile = route({
  roles: clients,
  schema: { headers: tenantHeaders, response: { 201: closed({ data: companyFile }) } },
  config: authenticated,
  limited: true,
  multipart: {
    limits: {
      fileSize: ATTACHMENT_MAX_BYTES,
      files: ATTACHMENTS_MAX_COUNT,
      fields: 2,
      parts: ATTACHMENTS_MAX_COUNT + 2,
    },
  },
  async handle(s, request, reply) {
    const { companyId, ...input } = await readSending(request);
    if (companyId === null) throw field('company_id', 'This field is required.');
    return reply
      .code(201)
      .send({ data: await s.companyFiles.send(request.tenant, request.caller, companyId, input) });
  },
});

export const updateFile = route({
  roles: clients,
  schema: call(
    closed(
      {
        company_id: id,
        id,
        description,
        files: {
          type: 'array',
          maxItems: ATTACHMENTS_MAX_COUNT,
          items: closed({ id, name: line(200, { minLength: 1 }) }),
        },
      },
      ['company_id', 'id'],
    ),
    companyFile,
  ),
  config: authenticated,
  async handle(s, request) {
    const { company_id: companyId, id: fileId, ...input } = request.body;
    return { data: await s.companyFiles.update(request.caller, companyId, fileId, input) };
  },
});

export const deleteFile = route({
  roles: clients,
  schema: call(
    closed({ company_id: id, id }),
    closed({ id: { type: 'integer' }, deleted: { type: 'boolean' } }),
  ),
  config: authenticated,
  async handle(s, request) {
    return { data: await s.companyFiles.remove(request.caller, request.body.company_id, request.body.id) };
  },
});

export const downloadFile = route({
  roles: clients,
  schema: { headers: tenantHeaders, params: closed({ id, fileId: id }) },
  config: authenticated,
  async handle(s, request, reply) {
    const file = await s.companyFiles.download(request.caller, request.params.id, request.params.fileId);
    return sendPrivateFile(reply, file);
  },
});
