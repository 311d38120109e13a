/** A coach's Today with nothing in any part, as GET /api/v1/coach/today answers it. */
export const EMPTY_TODAY = {
  time_zone: 'America/Chicago',
  date: '2030-11-25',
  meetings: { today: [], week: [] },
  unread: [],
  files: [],
  waiting: { tickets: [], testimonials: [], referrals: [] },
  overdue: [],
};
