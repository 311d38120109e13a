// The integration API's agreements: the tenant's signatures by time signed, and each one's PDF (the text signed,
// the typed name, the time, address, browser and the text's hash).
import { id } from '../../../contracts/rest/client.js';
import { signatureRow } from '../../../contracts/rest/agreements.js';
import { page, pageQuery } from '../../../contracts/rest/integration.js';
import { closed } from '../../../contracts/rest/pieces.js';
import { sendPrivateFile } from './private-file.js';
import { keyRoute } from './route.js';

export const keySignatures = keyRoute('read', {
  at: ['GET', '/integration/v1/agreement-signatures'],
  schema: {
    summary: 'List agreement signatures',
    description:
      "Clients' signatures of the coaching agreement, by the time signed: the version, the name typed, the " +
      'address and browser, and the sha256 of the exact text signed. A new version is signed anew.',
    querystring: pageQuery,
    response: page(signatureRow),
  },
  async handle(s, request) {
    const { limit = 50, since, cursor } = request.query;
    return s.agreements.keySignatures(request.key.tenantId, { limit, since, cursor });
  },
});

export const keySignaturePdf = keyRoute('read', {
  at: ['GET', '/integration/v1/agreement-signatures/:id/pdf'],
  schema: {
    summary: 'A signed agreement as PDF',
    description:
      'The PDF of a signature: the agreement text signed, the typed name, the time in the signer’s zone, the ' +
      'address, the browser and the text’s sha256.',
    params: closed({ id }),
    produces: ['application/pdf'],
  },
  async handle(s, request, reply) {
    return sendPrivateFile(reply, await s.agreements.keyPdf(request.key.tenantId, request.params.id));
  },
});
