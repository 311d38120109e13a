/**
 * The coach's page modules, one dynamic import further than the client's: the main entry then names only this
 * small chunk, not every coach page and the files each needs (Vite's preload list lives in the chunk that makes
 * the import), so the coach's tree can grow without growing what a client downloads to sign in.
 */
export const coachPages = {
  coach: () => import('@/features/coach-today/components/today-page'),
  coachClients: () => import('@/features/coach-clients/components/clients-page'),
  coachClient: () => import('@/features/coach-clients/components/client-page'),
  coachSchedule: () => import('@/features/coach-schedule/components/coach-schedule-page'),
  coachMessages: () => import('@/features/coach-mailbox/components/mailbox-page'),
  coachCompose: () => import('@/features/coach-mailbox/components/compose-page'),
  coachThread: () => import('@/features/coach-mailbox/components/thread-page'),
  coachRequests: () => import('@/features/coach-requests/components/requests-page'),
  coachGroups: () => import('@/features/coach-groups/components/groups-page'),
  coachGroupNew: () => import('@/features/coach-groups/components/group-new-page'),
  coachGroup: () => import('@/features/coach-groups/components/group-page'),
  coachGroupLesson: () => import('@/features/coach-groups/components/lesson-page'),
  coachGroupSessions: () => import('@/features/coach-sessions/components/sessions-page'),
  coachGroupProgress: () => import('@/features/coach-progress/components/progress-page'),
  coachAcademy: () => import('@/features/coach-academy/components/academy-page'),
  // A group's lesson and an academy lesson: one editor page, one chunk.
  coachAcademyLesson: () => import('@/features/coach-groups/components/lesson-page'),
  coachAssessment: () => import('@/features/coach-assessments/components/assessment-page'),
  coachResources: () => import('@/features/coach-resources/components/resources-page'),
};
