// The coach's home page in one call (services/coach/today-service.ts).
import { todayPage } from './coach-schemas.js';
import { coachRoute } from './route.js';
import { ok } from './schemas.js';

export const coachToday = coachRoute({
  schema: { response: ok(todayPage) },
  async handle(s, request) {
    return { data: await s.coach.today(request.caller) };
  },
});
