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
  schedule: '/schedule',
  lessons: '/lessons',
  lesson: (assessmentId = ':assessmentid', lessonId = ':lessonid') => `/lessons/${assessmentId}/${lessonId}`,
  resources: '/resources',
  actionSteps: '/action-steps',
  metrics: '/metrics',
  notes: '/notes',
  messages: '/messages',
  /** The mailbox owns everything below /messages: its sub-routes live inside the messages feature, not here. */
  messagesAll: '/messages/*',
  help: '/help',
  profile: '/profile',
  coachProfile: '/coachprofile',
  businessAcademy: '/business-academy',
} as const;
