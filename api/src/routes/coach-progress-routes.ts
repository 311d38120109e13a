// A coach's group's progress: each member's figures, as JSON and as a CSV download. Only the coach's own
// groups: anything else is a 404.
import { id, list } from '../../../contracts/rest/client.js';
import { sendPrivateFile } from './private-file.js';
import { groupRef } from '../../../contracts/rest/coach.js';
import { coachRoute } from './route.js';
import { boolean, closed, integer, ok, string } from '../../../contracts/rest/pieces.js';

// ticked: the lesson steps ticked; checked: the coach's checklist items ticked.
const figures = closed({ watched: integer, ticked: integer, checked: integer, completed: integer });

export const groupProgress = coachRoute({
  schema: {
    params: closed({ id }),
    response: ok(
      closed({
        group: groupRef,
        steps: integer,
        lessons: list(closed({ lesson: groupRef, checklist: integer, ...figures.properties })),
        members: list(
          closed({
            member: closed({ id: integer, first_name: string, last_name: string }),
            cells: list(closed({ watched: boolean, ticked: integer, checked: integer, completed: boolean })),
            ...figures.properties,
          }),
        ),
      }),
    ),
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
