// What the client's coaches share with them from their library (a link or a file), shown on /resources beside
// the company's files, and the download of a shared file. A resource not shared with the caller is a 404.
import { authenticated, id, list } from './client-schemas.js';
import { resourceFields } from './coach-programme-routes.js';
import { sendPrivateFile } from './private-file.js';
import { clients, route } from './route.js';
import { closed, ok, tenantHeaders } from './schemas.js';

const string = { type: 'string' } as const;

export const sharedResources = route({
  roles: clients,
  schema: {
    headers: tenantHeaders,
    response: ok(
      list(closed({ ...resourceFields, coach: closed({ first_name: string, last_name: string }) })),
    ),
  },
  config: authenticated,
  async handle(s, request) {
    return { data: await s.resources.shared(request.caller) };
  },
});

export const downloadSharedResource = route({
  roles: clients,
  schema: { headers: tenantHeaders, params: closed({ id }) },
  config: authenticated,
  async handle(s, request, reply) {
    return sendPrivateFile(reply, await s.resources.sharedDownload(request.caller, request.params.id));
  },
});
