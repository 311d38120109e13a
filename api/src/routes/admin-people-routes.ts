// The tenant admin's people: the list with search, filters and pages, a person's page, adding and changing
// one, deactivating and reactivating, and the invitation. The tenant is the session's, never the body's.
import type { FlagSettings } from '../services/people/person-fields.js';
import { id } from '../../../contracts/rest/client.js';
import {
  newPerson,
  paging,
  peoplePage,
  person,
  personChange,
  personStatus,
  roleName,
} from '../../../contracts/rest/admin.js';
import { adminRoute } from './route.js';
import { closed, ok, singleLine } from '../../../contracts/rest/pieces.js';

const personParams = closed({ id });
const noBody = closed({}, []);

export const adminPeople = adminRoute({
  schema: {
    querystring: closed(
      {
        search: { type: 'string', maxLength: 100, ...singleLine },
        role: roleName,
        status: personStatus,
        ...paging,
      },
      [],
    ),
    response: peoplePage,
  },
  async handle(s, request) {
    const { search, role, status, page = 1, per_page = 25 } = request.query;
    const { people, total } = await s.people.list(request.caller, {
      search: search?.trim() || undefined,
      role,
      status,
      page,
      perPage: per_page,
    });
    return { data: people, total, page, per_page };
  },
});

export const adminAddPerson = adminRoute({
  schema: {
    body: newPerson,
    response: { 201: closed({ data: person }) },
  },
  limited: true,
  async handle(s, request, reply) {
    const { invite = false, flags, ...fields } = request.body;
    const data = await s.people.create(
      request.caller,
      { ...fields, flags: flags as FlagSettings },
      { invite },
    );
    return reply.code(201).send({ data });
  },
});

export const adminPerson = adminRoute({
  schema: { params: personParams, response: ok(person) },
  async handle(s, request) {
    return { data: await s.people.find(request.caller, request.params.id) };
  },
});

export const adminChangePerson = adminRoute({
  schema: {
    params: personParams,
    body: personChange,
    response: ok(person),
  },
  async handle(s, request) {
    const { flags, ...fields } = request.body;
    return {
      data: await s.people.update(request.caller, request.params.id, {
        ...fields,
        flags: flags as FlagSettings,
      }),
    };
  },
});

const personAction = (act: 'deactivate' | 'reactivate' | 'invite', limited = false) =>
  adminRoute({
    schema: { params: personParams, body: noBody, response: ok(person) },
    limited,
    async handle(s, request) {
      return { data: await s.people[act](request.caller, request.params.id) };
    },
  });

export const adminDeactivate = personAction('deactivate');
export const adminReactivate = personAction('reactivate');
/** Sends the invitation, or sends it again: a mail per call, so the flood guard counts it. */
export const adminInvite = personAction('invite', true);

const emailChangeAction = (act: 'cancel' | 'resend') =>
  adminRoute({
    schema: { params: personParams, body: noBody, response: ok(person) },
    limited: act === 'resend',
    async handle(s, request) {
      await s.emailChanges[act](request.caller, request.params.id);
      return { data: await s.people.find(request.caller, request.params.id) };
    },
  });

/** Withdraws a login email change still waiting for the new address: its link stops working. */
export const adminCancelEmailChange = emailChangeAction('cancel');
/** Mails the waiting change's link again (a new link; a mail per call, so the flood guard counts it). */
export const adminResendEmailChange = emailChangeAction('resend');
