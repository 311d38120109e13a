// The tenant admin's companies, coach assignments in bulk, and the audit log with its filters.
import { calendarDate, id } from '../../../contracts/rest/client.js';
import { auditPage, company, idList, paging } from '../../../contracts/rest/admin.js';
import { adminRoute } from './route.js';
import { closed, integer, line, ok, singleLine, string } from '../../../contracts/rest/pieces.js';

const name = line(200, { minLength: 1 });

export const adminCompanies = adminRoute({
  schema: { response: ok({ type: 'array', items: company }) },
  async handle(s, request) {
    return { data: await s.organisation.listCompanies(request.caller) };
  },
});

const companyAnswer = closed({ id: integer, name: string });

export const adminAddCompany = adminRoute({
  schema: {
    body: closed({ name }),
    response: { 201: closed({ data: companyAnswer }) },
  },
  async handle(s, request, reply) {
    return reply
      .code(201)
      .send({ data: await s.organisation.createCompany(request.caller, request.body.name) });
  },
});

export const adminRenameCompany = adminRoute({
  schema: {
    params: closed({ id }),
    body: closed({ name }),
    response: ok(companyAnswer),
  },
  async handle(s, request) {
    return { data: await s.organisation.renameCompany(request.caller, request.params.id, request.body.name) };
  },
});

export const adminAssign = adminRoute({
  schema: {
    body: closed({ client_ids: idList, coach_id: { ...id, type: ['integer', 'null'] } }),
    response: ok(closed({ changed: integer, unchanged: integer })),
  },
  async handle(s, request) {
    const { client_ids, coach_id } = request.body;
    const data =
      coach_id === null
        ? await s.organisation.unassign(request.caller, client_ids)
        : await s.organisation.assign(request.caller, client_ids, coach_id);
    return { data };
  },
});

export const adminAudit = adminRoute({
  schema: {
    querystring: closed(
      {
        actor: { type: 'string', maxLength: 100, ...singleLine },
        action: { type: 'string', maxLength: 64, ...singleLine },
        person_id: id,
        person: { type: 'string', maxLength: 100, ...singleLine },
        from: { ...calendarDate, type: 'string' },
        to: { ...calendarDate, type: 'string' },
        ...paging,
      },
      [],
    ),
    response: auditPage,
  },
  async handle(s, request) {
    const { actor, action, person_id, person, from, to, page = 1, per_page = 25 } = request.query;
    const { rows, total } = await s.people.auditLog(request.caller, {
      actor: actor?.trim() || undefined,
      action: action || undefined,
      personId: person_id,
      person: person?.trim() || undefined,
      from,
      to,
      page,
      perPage: per_page,
    });
    return { data: rows, total, page, per_page };
  },
});
