// The coach's home page in one call (services/coach/today-service.ts).
import { todayPage } from '../../../contracts/rest/coach.js';
import { coachRoute } from './route.js';
import { ok } from '../../../contracts/rest/pieces.js';

export const coachToday = coachRoute({
  schema: { response: ok(todayPage) },
  async handle(s, request) {
    return { data: await s.coach.today(request.caller) };
  },
});
