// /schedule's REST call (lesson meetings come through GraphQL's lessonMeetingSearch).
import { clientRoute } from './route.js';
import { call, noBody } from '../../../contracts/rest/client.js';
import { schedule as scheduleAnswer } from '../../../contracts/rest/client-work.js';

export const schedule = clientRoute({
  schema: call(noBody, scheduleAnswer),
  async handle(s, request) {
    return { data: await s.schedule.schedule(request.caller) };
  },
});
