/** The academy page's chunk, for the route table (see coach-groups/pages.ts: the login route's budget). */
export const academyPage = () => import('./components/academy-body');
