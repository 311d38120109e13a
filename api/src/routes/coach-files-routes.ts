// Files between a coach and a client: the coach sends files to the company of a client assigned to them (the
// client and colleagues see them on /resources), or to the client alone (`to: client`: the colleagues never
// see those; a client without a company gets every file so), and downloads any file the client sees. The company files'
// service holds the rules (type sniffing, size and count limits, private storage), the same as a client's.
import { id } from '../../../contracts/rest/client.js';
import { companyFile } from '../../../contracts/rest/company-files.js';
import { readSending, sendingLimits } from './file-sending.js';
import { sendPrivateFile } from './private-file.js';
import { coachRoute } from './route.js';
import { closed } from '../../../contracts/rest/pieces.js';

export const sendClientFile = coachRoute({
  schema: {
    params: closed({ id }),
    response: { 201: closed({ data: companyFile }) },
  },
  limited: true,
  multipart: sendingLimits(2),
  async handle(s, request, reply) {
    const { to, description, files } = await readSending(request, 'to');
    const data = await s.companyFiles.sendToClient(request.tenant, request.caller, request.params.id, {
      ...(to && { to }),
      description,
      files,
    });
    return reply.code(201).send({ data });
  },
});

export const downloadClientFile = coachRoute({
  schema: { params: closed({ id, fileId: id }) },
  async handle(s, request, reply) {
    const { id: clientId, fileId } = request.params;
    return sendPrivateFile(reply, await s.companyFiles.downloadForCoach(request.caller, clientId, fileId));
  },
});
