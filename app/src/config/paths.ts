/**
 * The routes of SPEC §2 that the app links to or redirects to, in one typed table, so no URL string is written
 * twice. A page that only its menu item leads to writes its path in its page-table entry instead.
 */
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
  /** Booking (behind the booking flag): the client books a session, and opens one to move or cancel it. */
  book: '/book',
  bookedMeeting: (id: number | string = ':id') => `/book/meetings/${id}`,
  /** A recap the coach shared after a meeting (the API's notifications and mails link here too). */
  recap: (id: number | string = ':id') => `/recaps/${id}`,
  /** The client's goals: their milestones, linked steps and progress. */
  goals: '/goals',
  /** The coaching agreement the client reads and signs; booking and joining a group link here when it is due. */
  agreement: '/agreement',
  lessons: '/lessons',
  lesson: (assessmentId = ':assessmentid', lessonId = ':lessonid') => `/lessons/${assessmentId}/${lessonId}`,
  resources: '/resources',
  actionSteps: '/action-steps',
  /** SPEC §2 implies the assessments screens without routes; these are ours: the list and one assessment. */
  assessments: '/assessments',
  assessment: (id: number | string = ':id') => `/assessments/${id}`,
  metrics: '/metrics',
  notes: '/notes',
  /** The forms the client's coach sent them, and one to fill in. */
  forms: '/forms',
  form: (id: number | string = ':id') => `/forms/${id}`,
  /** SPEC §2 leaves the mailbox's sub-routes open; these are a mail client's: two folders, a thread, compose. */
  messages: '/messages',
  messagesInbox: '/messages/inbox',
  messagesSent: '/messages/sent',
  messagesThread: (id: number | string = ':id') => `/messages/thread/${id}`,
  messagesCompose: '/messages/compose',
  help: '/help',
  /**
   * The notification centre: each role's list, under its own tree, and the choice of what arrives
   * where. notificationsOf picks the role's.
   */
  notifications: '/notifications',
  notificationSettings: '/notifications/settings',
  coachNotifications: '/coach/notifications',
  coachNotificationSettings: '/coach/notifications/settings',
  adminNotifications: '/admin/notifications',
  adminNotificationSettings: '/admin/notifications/settings',
  /** The client's Plans and billing: offerings, purchases, credits and invoices. */
  billing: '/billing',
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
  /** What the coach sells (packages, subscriptions, plans); the admin's /admin/offerings is the same page. */
  coachOfferings: '/coach/offerings',
  adminOfferings: '/admin/offerings',
  coachClient: (id: number | string = ':id') => `/coach/clients/${id}`,
  coachSchedule: '/coach/schedule',
  /** A meeting's recap: written, shared and commented on by the coach (the API's notifications link here). */
  coachMeetingRecap: (id: number | string = ':id') => `/coach/meetings/${id}/recap`,
  coachMessages: '/coach/messages',
  coachCompose: '/coach/messages/new',
  coachThread: (id: number | string = ':id') => `/coach/messages/${id}`,
  coachRequests: '/coach/requests',
  /** The coach's authoring: groups (details and members, lessons, live sessions, progress), the academy, resources. */
  coachGroups: '/coach/groups',
  coachGroupNew: '/coach/groups/new',
  coachGroup: (id: number | string = ':id') => `/coach/groups/${id}`,
  coachGroupLesson: (id: number | string = ':id', lessonId: number | string = ':lessonid') =>
    `/coach/groups/${id}/lessons/${lessonId}`,
  coachGroupSessions: (id: number | string = ':id') => `/coach/groups/${id}/sessions`,
  coachGroupProgress: (id: number | string = ':id') => `/coach/groups/${id}/progress`,
  coachAcademy: '/coach/academy',
  coachAcademyLesson: (lessonId: number | string = ':lessonid') => `/coach/academy/${lessonId}`,
  /** A flash-coaching assessment the coach writes for one client (opened from the client's page). */
  coachAssessment: (clientId: number | string = ':id', assessmentId: number | string = ':assessmentid') =>
    `/coach/clients/${clientId}/assessments/${assessmentId}`,
  coachResources: '/coach/resources',
  /** The coach's booking screens: their hours and what clients see, the meeting types, outside calendars and feed. */
  coachAvailability: '/coach/availability',
  coachMeetingTypes: '/coach/meeting-types',
  coachCalendars: '/coach/calendars',
  /** The form builder: the coach's own forms and the tenant's, and one to build or edit ('new' for a new one). */
  coachForms: '/coach/forms',
  coachForm: (id: number | string = ':id') => `/coach/forms/${id}`,
  /**
   * The tenant admin's screens (DESIGN Roles: its own route tree under /admin). People is its home.
   */
  admin: '/admin',
  adminPersonNew: '/admin/people/new',
  adminPerson: (id: number | string = ':id') => `/admin/people/${id}`,
  adminCompanies: '/admin/companies',
  adminAssignments: '/admin/assignments',
  adminImport: '/admin/import',
  adminAudit: '/admin/audit',
  adminKeys: '/admin/api-keys',
  adminWebhooks: '/admin/webhooks',
  /** Billing's reports: revenue by month, offering and coach; the payments with CSV and refunds. */
  adminRevenue: '/admin/revenue',
  adminPayments: '/admin/payments',
  adminWebhook: (id: number | string = ':id') => `/admin/webhooks/${id}`,
  /** The tenant's forms, which every coach may send, in the same builder as a coach's. */
  adminForms: '/admin/forms',
  adminForm: (id: number | string = ':id') => `/admin/forms/${id}`,
  /** An invitation's set-password link (mailed; a secret like a reset link). */
  invitation: (token = ':token') => `/invitation/${token}`,
  /** The link that confirms a new login email (mailed to the new address; a secret like a reset link). */
  emailChange: (token = ':token') => `/email-change/${token}`,
  /** A notification mail's one-click unsubscribe page (no sign-in; the token names the person and the kind). */
  unsubscribe: (token = ':token') => `/unsubscribe/${token}`,
} as const;

/** The routes whose path is a secret (a password reset or a sign-in link): never in a Referer or analytics. */
const TOKEN_ROUTES = [
  paths.reset(''),
  paths.fbsLogin(''),
  paths.invitation(''),
  paths.emailChange(''),
  paths.unsubscribe(''),
];

export const carriesToken = (pathname: string): boolean =>
  TOKEN_ROUTES.some((prefix) => pathname.startsWith(prefix));
