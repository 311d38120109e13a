/** Every route of SPEC §2 in one typed table, so no URL string is written twice. */
export const paths = {
  home: '/',
  login: '/login',
  /** The password reset request (SPEC §2 implies the screen; the route name is ours). */
  forgotPassword: '/forgot-password',
  fbsLogin: (token = ':token') => `/fbslogin/${token}`,
  reset: (token = ':token') => `/reset/${token}`,
  groups: '/groups',
  group: (groupId = ':groupid', userGroupId = ':usergroupid') => `/groups/${groupId}/${userGroupId}`,
  groupLesson: (groupId = ':groupid', userGroupId = ':usergroupid', lessonId = ':lessonid') =>
    `/groups/${groupId}/${userGroupId}/lesson/${lessonId}`,
  /** Paying for a paid group (SPEC names no route; a static segment wins over /groups/{id}/{usergroupid}). */
  groupPurchase: (groupId: number | string = ':groupid') => `/groups/${groupId}/purchase`,
  schedule: '/schedule',
  lessons: '/lessons',
  lesson: (assessmentId = ':assessmentid', lessonId = ':lessonid') => `/lessons/${assessmentId}/${lessonId}`,
  resources: '/resources',
  actionSteps: '/action-steps',
  /** SPEC §2 implies the assessments screens without routes; these are ours: the list and one assessment. */
  assessments: '/assessments',
  assessment: (id: number | string = ':id') => `/assessments/${id}`,
  metrics: '/metrics',
  notes: '/notes',
  /** SPEC §2 leaves the mailbox's sub-routes open; these are a mail client's: two folders, a thread, compose. */
  messages: '/messages',
  messagesInbox: '/messages/inbox',
  messagesSent: '/messages/sent',
  messagesThread: (id: number | string = ':id') => `/messages/thread/${id}`,
  messagesCompose: '/messages/compose',
  help: '/help',
  profile: '/profile',
  coachProfile: '/coachprofile',
  businessAcademy: '/business-academy',
  /** An academy lesson (SPEC §2 gives the academy one route; its lessons reuse the lesson page). */
  academyLesson: (lessonId = ':lessonid') => `/business-academy/lesson/${lessonId}`,
  /**
   * The coach's workspace (DESIGN Roles: its own route tree under /coach). Today is its home; a client's
   * message mails the coach a link to coachThread.
   */
  coach: '/coach',
  coachClients: '/coach/clients',
  coachClient: (id: number | string = ':id') => `/coach/clients/${id}`,
  coachSchedule: '/coach/schedule',
  coachMessages: '/coach/messages',
  coachCompose: '/coach/messages/new',
  coachThread: (id: number | string = ':id') => `/coach/messages/${id}`,
  coachRequests: '/coach/requests',
} as const;

/** The routes whose path is a secret (a password reset or a sign-in link): never in a Referer or analytics. */
const TOKEN_ROUTES = [paths.reset(''), paths.fbsLogin('')];

export const carriesToken = (pathname: string): boolean =>
  TOKEN_ROUTES.some((prefix) => pathname.startsWith(prefix));
