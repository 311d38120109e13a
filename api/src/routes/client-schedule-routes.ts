// /schedule's REST call (lesson meetings come through GraphQL's lessonMeetingSearch).
import { clientRoute } from './route.js';
import { call, list, meeting, noBody } from '../../../contracts/rest/client.js';
import { closed } from '../../../contracts/rest/pieces.js';

export const schedule = clientRoute({
  schema: call(
    noBody,
    closed({ time_zone: { type: ['string', 'null'] }, upcoming: list(meeting), past: list(meeting) }),
  ),
  async handle(s, request) {
    return { data: await s.schedule.schedule(request.caller) };
  },
});
