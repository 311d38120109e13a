// A sending of files as a multipart form (a client's to their coach, a coach's to a client or their company):
// files (`files` or `files[]`, repeated) within the size and count limits, an optional description and the
// door's own field: company_id on the client's, `to` (client or company; unsaid, the company, or the client
// alone when they have none) on the coach's. Any other field is a 422, as is a limit multipart hits.
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { FieldError } from '../errors.js';
import { hasControl, plainTextMessages } from '../plain-text.js';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_MAX_COUNT } from '../services/mailbox/attachment-type.js';
import { displayName, fileBytes } from './private-file.js';

export const field = (name: string, message: string) => new FieldError({ [name]: [message] });

/** The multipart parser's limits for a route that takes `fields` text fields besides the files. */
export const sendingLimits = (fields: number) => ({
  limits: {
    fileSize: ATTACHMENT_MAX_BYTES,
    files: ATTACHMENTS_MAX_COUNT,
    fields,
    parts: ATTACHMENTS_MAX_COUNT + fields,
  },
});

interface Sending {
  companyId: number | null;
  /** Unsaid: the company, or the client alone when they have none (the service decides). */
  to: 'client' | 'company' | undefined;
  description: string;
  files: { name: string; bytes: Buffer }[];
}

/**
 * Reads the form with the door's own field besides description and files: company_id or to (none for the
 * coach's library, where the description is the title).
 */
export async function readSending(
  request: FastifyRequest,
  own: 'company_id' | 'to' | null,
): Promise<Sending> {
  const sending: Sending = { companyId: null, to: undefined, description: '', files: [] };
  const fields = own === null ? 'description and files' : `${own}, description and files`;
  // multipart's own limits (too many files or fields) answered as the contract's 422.
  const limitErrors: Record<string, [string, string]> = {
    FST_FILES_LIMIT: ['files', `Send at most ${ATTACHMENTS_MAX_COUNT} files at a time.`],
    FST_FIELDS_LIMIT: ['description', `Send only ${fields}.`],
    FST_PARTS_LIMIT: ['files', `Send at most ${ATTACHMENTS_MAX_COUNT} files at a time.`],
  };
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
    } else if (own === 'to' && part.fieldname === 'to') {
      const value = String(part.value);
      if (value !== 'client' && value !== 'company') throw field('to', 'Send client or company.');
      sending.to = value;
    } else if (own === 'company_id' && part.fieldname === 'company_id') {
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
