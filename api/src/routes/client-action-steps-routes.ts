// The action-steps board: list, status changes of action steps and commitments, the access check and the
// commitments export. Status codes (SPEC §4): action steps 0-3 (0 to do, 1 or 2 in progress, 3 completed),
// commitments 0-2 (0 to do, 1 in progress, 2 completed); other codes are refused with a 422.
import type { Caller } from '../services/auth/session-service.js';
import type { Services } from '../services/index.js';
import { sendCsv } from './client-files.js';
import { boardItem, call, fileCall, id, noBody } from '../../../contracts/rest/client.js';
import { board, type BoardItem } from '../../../contracts/rest/client-work.js';
import { clientRoute } from './route.js';
import { closed } from '../../../contracts/rest/pieces.js';

type Setter = (owner: Caller, id: number, status: number) => Promise<BoardItem>;

/** A status change: { id, status 0..maximum } for the caller's own item, answered with the item. */
const statusRoute = (maximum: number, setter: (s: Services) => Setter) =>
  clientRoute({
    schema: call(closed({ id, status: { type: 'integer', minimum: 0, maximum } }), boardItem),
    async handle(s, request) {
      const { id, status } = request.body;
      return { data: await setter(s)(request.caller, id, status) };
    },
  });

export const steps = clientRoute({
  schema: call(noBody, board),
  async handle(s, request) {
    return { data: await s.actionSteps.board(request.caller) };
  },
});

export const actionStepsAccess = clientRoute({
  schema: call(noBody, closed({ access: { type: 'integer', enum: [0, 1] } })),
  async handle(s, request) {
    return { data: await s.actionSteps.access(request.caller) };
  },
});

export const changeActionStatus = statusRoute(3, (s) => s.actionSteps.setActionStepStatus);
export const updateCommitment = statusRoute(2, (s) => s.actionSteps.setCommitmentStatus);

export const commitmentDownload = clientRoute({
  schema: fileCall('commitments.csv: Commitment, Description, Stage, Due date'),
  async handle(s, request, reply) {
    return sendCsv(reply, 'commitments.csv', await s.actionSteps.commitmentsCsv(request.caller));
  },
});
