// The action-steps board: list, status changes of action steps and commitments, the access check and the
// commitments export. Status codes (SPEC §4): action steps 0-3 (0 to do, 1 or 2 in progress, 3 completed),
// commitments 0-2 (0 to do, 1 in progress, 2 completed); other codes are refused with a 422.
import { sendCsv } from './client-files.js';
import { boardItem, call, fileCall, id, list, noBody, signedIn } from './client-schemas.js';
import type { RouteSpec } from './route.js';
import { closed } from './schemas.js';

type StatusBody = { id: number; status: number };
const statusBody = (maximum: number) => closed({ id, status: { type: 'integer', minimum: 0, maximum } });

export const steps: RouteSpec = {
  schema: call(noBody, closed({ action_steps: list(boardItem), commitments: list(boardItem) })),
  config: signedIn,
  async handle(s, request) {
    return { data: await s.actionSteps.board(request.caller) };
  },
};

export const changeActionStatus: RouteSpec = {
  schema: call(statusBody(3), boardItem),
  config: signedIn,
  async handle(s, request) {
    const body = request.body as StatusBody;
    return { data: await s.actionSteps.setActionStepStatus(request.caller, body.id, body.status) };
  },
};

export const actionStepsAccess: RouteSpec = {
  schema: call(noBody, closed({ access: { type: 'integer', enum: [0, 1] } })),
  config: signedIn,
  async handle(s, request) {
    return { data: await s.actionSteps.access(request.caller) };
  },
};

export const updateCommitment: RouteSpec = {
  schema: call(statusBody(2), boardItem),
  config: signedIn,
  async handle(s, request) {
    const body = request.body as StatusBody;
    return { data: await s.actionSteps.setCommitmentStatus(request.caller, body.id, body.status) };
  },
};

export const commitmentDownload: RouteSpec = {
  schema: fileCall('commitments.csv: Commitment, Description, Stage, Due date'),
  config: signedIn,
  async handle(s, request, reply) {
    return sendCsv(reply, 'commitments.csv', await s.actionSteps.commitmentsCsv(request.caller));
  },
};
