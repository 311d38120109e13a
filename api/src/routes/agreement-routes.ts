// Coaching agreements: the client reads and signs the current version of theirs; the signed PDF goes to the
// client, their coach and the tenant's admin (each by the ownership rule: another's is a 404); the coach sees
// whether a client signed; an admin publishes the tenant's agreement, a coach their own.
import { id } from '../../../contracts/rest/client.js';
import {
  agreementEditor,
  clientAgreements,
  clientAgreement,
  coachClientAgreement,
  newVersion,
  signInput,
} from '../../../contracts/rest/agreements.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';
import { sendPrivateFile } from './private-file.js';
import { clientRoute, coachRoute, everyoneRoute, signedInRoute } from './route.js';

export const clientAgreementPage = clientRoute({
  at: ['GET', '/api/v1/agreement'],
  schema: { response: ok(clientAgreements) },
  async handle(s, request) {
    return { data: await s.agreements.forClient(request.caller) };
  },
});

export const signAgreement = clientRoute({
  at: ['POST', '/api/v1/agreement/sign'],
  schema: { body: signInput, response: { 201: closed({ data: clientAgreement }) } },
  limited: true,
  async handle(s, request, reply) {
    const from = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
    return reply.code(201).send({ data: await s.agreements.sign(request.caller, request.body, from) });
  },
});

export const signedAgreementPdf = everyoneRoute({
  at: ['GET', '/api/v1/agreement/signatures/:id/pdf'],
  schema: { params: closed({ id }) },
  async handle(s, request, reply) {
    return sendPrivateFile(reply, await s.agreements.pdf(request.caller, request.params.id));
  },
});

export const coachClientAgreementPage = coachRoute({
  at: ['GET', '/api/v1/coach/clients/:id/agreement'],
  schema: { params: closed({ id }), response: ok(coachClientAgreement) },
  async handle(s, request) {
    return { data: await s.agreements.forCoachClient(request.caller, request.params.id) };
  },
});

const editorRoute = signedInRoute(['coach', 'admin']);

export const agreementEditorPage = editorRoute({
  at: ['GET', '/api/v1/agreement/editor'],
  schema: { response: ok(agreementEditor) },
  async handle(s, request) {
    return { data: await s.agreements.editor(request.caller) };
  },
});

export const publishAgreement = editorRoute({
  at: ['POST', '/api/v1/agreement/editor'],
  schema: { body: newVersion, response: { 201: closed({ data: agreementEditor }) } },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.agreements.publish(request.caller, request.body) });
  },
});
