// /schedule's REST call (lesson meetings come through GraphQL's lessonMeetingSearch).
import { clients, route } from './route.js';
import { call, list, meeting, noBody, authenticated } from './client-schemas.js';
import { closed } from './schemas.js';

export const schedule = route({
  roles: clients,
  schema: call(
    noBody,
    closed({ time_zone: { type: ['string', 'null'] }, upcoming: list(meeting), past: list(meeting) }),
  ),
  config: authenticated,
  async handle(s, request) {
    return { data: await s.schedule.schedule(request.caller) };
  },
});
