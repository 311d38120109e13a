// The deployment operator's calls (not in SPEC §7), with the API's OPS_TOKEN as the bearer: what no tenant's
// admin can do for themselves, such as a new tenant's first admin (`portal admin invite`).
import { person } from '../../../contracts/rest/admin.js';
import { operators, route } from './route.js';
import { closed, email, line, singleLine, string } from '../../../contracts/rest/pieces.js';

const outcome = {
  type: 'string',
  enum: ['invited', 'invited again', 'already an admin'],
  ...singleLine,
} as const;
const answer = closed({ data: closed({ outcome, tenant: string, person }) });

export const inviteAdmin = route({
  at: ['POST', '/ops/v1/admins'],
  roles: operators,
  // The token is long enough that guessing is hopeless; the flood guard keeps anyone from trying at speed.
  limited: true,
  schema: {
    body: closed({
      tenant: line(40, { minLength: 1 }),
      email,
      first_name: line(100, { minLength: 1 }),
      last_name: line(100, { minLength: 1 }),
    }),
    response: { 200: answer, 201: answer },
  },
  async handle(s, request, reply) {
    const invited = await s.operatorAdmins.invite(request.body);
    return reply.code(invited.outcome === 'invited' ? 201 : 200).send({ data: invited });
  },
});
