// /schedule's REST call (lesson meetings come through GraphQL's lessonMeetingSearch).
import { clientRoute } from './route.js';
import { call, list, meeting, noBody } from './client-schemas.js';
import { closed } from './schemas.js';

export const schedule = clientRoute({
  schema: call(
    noBody,
    closed({ time_zone: { type: ['string', 'null'] }, upcoming: list(meeting), past: list(meeting) }),
  ),
  async handle(s, request) {
    return { data: await s.schedule.schedule(request.caller) };
  },
});
