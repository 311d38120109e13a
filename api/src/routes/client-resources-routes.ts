// What the client's coaches share with them from their library (a link or a file), shown on /resources beside
// the company's files, and the download of a shared file. A resource not shared with the caller is a 404.
import { id, list } from '../../../contracts/rest/client.js';
import { sharedResource } from '../../../contracts/rest/resources.js';
import { sendPrivateFile } from './private-file.js';
import { clientRoute } from './route.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';

export const sharedResources = clientRoute({
  schema: {
    response: ok(list(sharedResource)),
  },
  async handle(s, request) {
    return { data: await s.resources.shared(request.caller) };
  },
});

export const downloadSharedResource = clientRoute({
  schema: { params: closed({ id }) },
  async handle(s, request, reply) {
    return sendPrivateFile(reply, await s.resources.sharedDownload(request.caller, request.params.id));
  },
});
