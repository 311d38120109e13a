// What a coach or an admin sells: a coach lists their own offerings and the business's, and makes and
// changes their own; an admin the business's own (coach null) and every coach's. The same service answers
// both; the role decides whose.
import { id, list } from '../../../contracts/rest/client.js';
import {
  archiveInput,
  invitationsInput,
  offering,
  offeringInput,
  offerings,
} from '../../../contracts/rest/billing.js';
import { closed, integer, ok, string } from '../../../contracts/rest/pieces.js';
import { adminRoute, coachRoute } from './route.js';

const byId = closed({ id });
const created = { 201: closed({ data: offering }) };

/** The five routes of one role's offerings, under `base`. */
function offeringRoutes(signedIn: typeof coachRoute, base: string) {
  return {
    list: signedIn({
      at: ['GET', base],
      schema: { response: ok(offerings) },
      async handle(s, request) {
        return { data: await s.billingOfferings.list(request.caller) };
      },
    }),
    create: signedIn({
      at: ['POST', base],
      schema: { body: offeringInput, response: created },
      limited: true,
      async handle(s, request, reply) {
        return reply.code(201).send({ data: await s.billingOfferings.create(request.caller, request.body) });
      },
    }),
    update: signedIn({
      at: ['PUT', `${base}/:id`],
      schema: { params: byId, body: offeringInput, response: ok(offering) },
      limited: true,
      async handle(s, request) {
        return { data: await s.billingOfferings.update(request.caller, request.params.id, request.body) };
      },
    }),
    archive: signedIn({
      at: ['POST', `${base}/:id/archive`],
      schema: { params: byId, body: archiveInput, response: ok(offering) },
      async handle(s, request) {
        const { id: offeringId } = request.params;
        return { data: await s.billingOfferings.archive(request.caller, offeringId, request.body.archived) };
      },
    }),
    invitations: signedIn({
      at: ['PUT', `${base}/:id/invitations`],
      schema: { params: byId, body: invitationsInput, response: ok(offering) },
      async handle(s, request) {
        const { id: offeringId } = request.params;
        return { data: await s.billingOfferings.invite(request.caller, offeringId, request.body.client_ids) };
      },
    }),
  };
}

const coach = offeringRoutes(coachRoute, '/api/v1/coach/offerings');
const admin = offeringRoutes(adminRoute, '/api/v1/admin/offerings');

export const coachOfferings = coach.list;
export const coachCreateOffering = coach.create;
export const coachUpdateOffering = coach.update;
export const coachArchiveOffering = coach.archive;
export const coachInviteToOffering = coach.invitations;
export const adminOfferings = admin.list;
export const adminCreateOffering = admin.create;
export const adminUpdateOffering = admin.update;
export const adminArchiveOffering = admin.archive;
export const adminInviteToOffering = admin.invitations;

/** The tenant's groups, for an admin's offering sold to one (a coach picks from GET /api/v1/coach/groups). */
export const adminOfferingGroups = adminRoute({
  at: ['GET', '/api/v1/admin/groups'],
  schema: { response: ok(list(closed({ id: integer, title: string }))) },
  async handle(s, request) {
    return { data: await s.billingOfferings.groups(request.caller) };
  },
});
