// Forms: the library a coach (their own) and an admin (the tenant's) build, a coach sending one to a client and
// reading the answers, and the client's list, draft and submission. Another coach's client, another client's
// send or another tenant's form: the same 404, and nothing changes.
import { id } from '../../../contracts/rest/client.js';
import {
  draftInput,
  form,
  formInput,
  forms,
  formSend,
  formSends,
  formSendSummaries,
  groupSendInput,
  groupSent,
  sendInput,
  submitInput,
} from '../../../contracts/rest/forms.js';
import type { Answers } from '../../../contracts/forms.js';
import { boolean, closed, ok } from '../../../contracts/rest/pieces.js';
import { page, pageQuery, rows } from '../../../contracts/rest/integration.js';
import { clientRoute, coachRoute, keyRoute, signedInRoute } from './route.js';

/** Who builds forms: a coach (their own) and an admin (the tenant's, for every coach to send). */
const authorRoute = signedInRoute(['coach', 'admin']);

export const formLibrary = authorRoute({
  at: ['GET', '/api/v1/forms/library'],
  schema: { response: ok(forms) },
  async handle(s, request) {
    return { data: await s.forms.forms(request.caller) };
  },
});

export const createForm = authorRoute({
  at: ['POST', '/api/v1/forms/library'],
  schema: { body: formInput, response: { 201: closed({ data: form }) } },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.forms.createForm(request.caller, request.body) });
  },
});

export const libraryForm = authorRoute({
  at: ['GET', '/api/v1/forms/library/:id'],
  schema: { params: closed({ id }), response: ok(form) },
  async handle(s, request) {
    return { data: await s.forms.form(request.caller, request.params.id) };
  },
});

export const editForm = authorRoute({
  at: ['PUT', '/api/v1/forms/library/:id'],
  schema: { params: closed({ id }), body: formInput, response: ok(form) },
  limited: true,
  async handle(s, request) {
    return { data: await s.forms.editForm(request.caller, request.params.id, request.body) };
  },
});

export const archiveForm = authorRoute({
  at: ['POST', '/api/v1/forms/library/:id/archive'],
  schema: { params: closed({ id }), body: closed({ archived: boolean }), response: ok(form) },
  async handle(s, request) {
    return { data: await s.forms.archiveForm(request.caller, request.params.id, request.body.archived) };
  },
});

export const sendForm = coachRoute({
  at: ['POST', '/api/v1/coach/clients/:id/forms'],
  schema: { params: closed({ id }), body: sendInput, response: { 201: closed({ data: formSend }) } },
  limited: true,
  async handle(s, request, reply) {
    const data = await s.forms.sendToClient(request.caller, request.params.id, request.body);
    return reply.code(201).send({ data });
  },
});

/**
 * Sends a form to every member of one of the coach's groups, each their own send of the current version; a
 * member with an unsubmitted send of the form already is skipped (answered in the counts), so a second click
 * sends nothing twice. Another coach's group: 404, nothing sent.
 */
export const sendFormToGroup = coachRoute({
  at: ['POST', '/api/v1/coach/groups/:id/forms'],
  schema: { params: closed({ id }), body: groupSendInput, response: ok(groupSent) },
  limited: true,
  async handle(s, request) {
    return { data: await s.forms.sendToGroup(request.caller, request.params.id, request.body) };
  },
});

export const clientForms = coachRoute({
  at: ['GET', '/api/v1/coach/clients/:id/forms'],
  schema: { params: closed({ id }), response: ok(formSends) },
  async handle(s, request) {
    return { data: await s.forms.clientSends(request.caller, request.params.id) };
  },
});

export const myForms = clientRoute({
  at: ['GET', '/api/v1/forms'],
  schema: { response: ok(formSendSummaries) },
  async handle(s, request) {
    return { data: await s.forms.mySends(request.caller) };
  },
});

export const myForm = clientRoute({
  at: ['GET', '/api/v1/forms/:id'],
  schema: { params: closed({ id }), response: ok(formSend) },
  async handle(s, request) {
    return { data: await s.forms.mySend(request.caller, request.params.id) };
  },
});

/** The app saves as the client types (debounced): the same answers again change nothing. */
export const saveFormDraft = clientRoute({
  at: ['PUT', '/api/v1/forms/:id/draft'],
  schema: { params: closed({ id }), body: draftInput, response: ok(formSend) },
  async handle(s, request) {
    return {
      data: await s.forms.saveDraft(request.caller, request.params.id, request.body.answers as Answers),
    };
  },
});

export const submitForm = clientRoute({
  at: ['POST', '/api/v1/forms/:id/submit'],
  schema: { params: closed({ id }), body: submitInput, response: ok(formSend) },
  limited: true,
  async handle(s, request) {
    return { data: await s.forms.submit(request.caller, request.params.id, request.body.answers as Answers) };
  },
});

export const keyFormSends = keyRoute('read', {
  at: ['GET', '/integration/v1/form-sends'],
  schema: {
    summary: 'List form sends',
    description:
      'The forms sent to clients (by their coach, or automatically: the intake on joining), each with the ' +
      'version it was sent with, and once submitted its answers by question id; a draft’s answers stay null.',
    querystring: pageQuery,
    response: page(rows['form-sends']),
  },
  async handle(s, request) {
    const { limit = 50, since, cursor } = request.query;
    return s.integration.read(request.key, request.tenant, 'form-sends', { limit, since, cursor });
  },
});
