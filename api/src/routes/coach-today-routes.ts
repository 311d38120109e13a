// The coach's home page in one call (services/coach/today-service.ts).
import { authenticated } from './client-schemas.js';
import { todayPage } from './coach-schemas.js';
import { coaches, route } from './route.js';
import { ok, tenantHeaders } from './schemas.js';

export const coachToday = route({
  roles: coaches,
  schema: { headers: tenantHeaders, response: ok(todayPage) },
  config: authenticated,
  async handle(s, request) {
    return { data: await s.coach.today(request.caller) };
  },
});
