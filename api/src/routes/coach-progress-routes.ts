// A coach's group's progress: each member's figures, as JSON and as a CSV download. Only the coach's own
// groups: anything else is a 404.
import { id } from '../../../contracts/rest/client.js';
import { sendPrivateFile } from './private-file.js';
import { groupProgress } from '../../../contracts/rest/coach-progress.js';
import { coachRoute } from './route.js';
import { closed, ok } from '../../../contracts/rest/pieces.js';

export const groupProgressPage = coachRoute({
  schema: {
    params: closed({ id }),
    response: ok(groupProgress),
  },
  async handle(s, request) {
    return { data: await s.groupProgress.figures(request.caller, request.params.id) };
  },
});

export const groupProgressCsv = coachRoute({
  schema: { params: closed({ id }) },
  async handle(s, request, reply) {
    const { title, csv } = await s.groupProgress.csv(request.caller, request.params.id);
    return sendPrivateFile(reply, {
      name: `${title} progress.csv`,
      type: 'text/csv; charset=utf-8',
      bytes: Buffer.from(csv, 'utf8'),
    });
  },
});
