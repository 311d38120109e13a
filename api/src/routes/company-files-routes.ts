// The company's files (SPEC §7 "Files"): the list, a new sending to the coach (multipart), rename/describe,
// delete, and the download (not in SPEC §7: a file goes out only through this authorised route). The company id
// in the path or body must be the caller's own; the service checks it against the token's user.
import { call, id, list } from '../../../contracts/rest/client.js';
import { field, readSending, sendingLimits } from './file-sending.js';
import { sendPrivateFile } from './private-file.js';
import { companyFile, fileChanges } from '../../../contracts/rest/company-files.js';
import { clientRoute } from './route.js';
import { boolean, closed, integer } from '../../../contracts/rest/pieces.js';

export const companyFiles = clientRoute({
  schema: {
    params: closed({ id }),
    response: { 200: closed({ data: list(companyFile) }) },
  },
  async handle(s, request) {
    return { data: await s.companyFiles.list(request.caller, request.params.id) };
  },
});

export const newCoachFile = clientRoute({
  schema: { response: { 201: closed({ data: companyFile }) } },
  limited: true,
  multipart: sendingLimits(2),
  async handle(s, request, reply) {
    const { companyId, description, files } = await readSending(request, 'company_id');
    if (companyId === null) throw field('company_id', 'This field is required.');
    const input = { description, files };
    return reply
      .code(201)
      .send({ data: await s.companyFiles.send(request.tenant, request.caller, companyId, input) });
  },
});

export const updateFile = clientRoute({
  schema: call(fileChanges, companyFile),
  async handle(s, request) {
    const { company_id: companyId, id: fileId, ...input } = request.body;
    return { data: await s.companyFiles.update(request.caller, companyId, fileId, input) };
  },
});

export const deleteFile = clientRoute({
  schema: call(closed({ company_id: id, id }), closed({ id: integer, deleted: boolean })),
  async handle(s, request) {
    return { data: await s.companyFiles.remove(request.caller, request.body.company_id, request.body.id) };
  },
});

/** A client's own files (added): those a coach sent them alone, whatever their company; all a client with no
 * company has. */
export const ownFiles = clientRoute({
  schema: { response: { 200: closed({ data: list(companyFile) }) } },
  async handle(s, request) {
    return { data: await s.companyFiles.listOwn(request.caller) };
  },
});

export const downloadOwnFile = clientRoute({
  schema: { params: closed({ fileId: id }) },
  async handle(s, request, reply) {
    return sendPrivateFile(reply, await s.companyFiles.downloadOwn(request.caller, request.params.fileId));
  },
});

export const downloadFile = clientRoute({
  schema: { params: closed({ id, fileId: id }) },
  async handle(s, request, reply) {
    const file = await s.companyFiles.download(request.caller, request.params.id, request.params.fileId);
    return sendPrivateFile(reply, file);
  },
});
