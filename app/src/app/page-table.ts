/**
 * Every page of SPEC §2 as data: its path (from @/config/paths only), its lazy chunk, its name in the browser
 * tab and the training flag it needs. ./routes makes the router's routes of it (a flag becomes a FlagGuard,
 * so the guard cannot be forgotten or name the wrong flag) and the side menu reads its items' flags from it.
 */
import { paths } from '@/config/paths';
import type { Flag } from '@/lib/user';
import { lazyPage, type LazyPage } from './lazy-page';

export interface PageEntry {
  path: string;
  page: LazyPage;
  /** The page's name in the browser tab (./page-title): the side menu's words without 'My'. */
  title: string;
  /** The training flag the page needs; without it the page says it is not part of the plan (./guards). */
  flag?: Flag;
  /** Pages inside this one (its layout); `opens` is the one its own address shows. */
  children?: readonly PageEntry[];
  opens?: string;
}

type PageLoad = Parameters<typeof lazyPage>[0];

const page = (path: string, title: string, load: PageLoad | LazyPage, flag?: Flag): PageEntry => ({
  path,
  title,
  page: 'preload' in load ? load : lazyPage(load),
  ...(flag ? { flag } : {}),
});

// Both folders are one component, so moving between them keeps the page rather than mounting another.
const MailFolderPage = lazyPage(() => import('@/features/messages/components/folder-page'));

/** Signed-out screens: a signed-in user is sent on (GuestOnly). */
export const GUEST_PAGES: readonly PageEntry[] = [
  page(paths.login, 'Sign in', () => import('@/features/auth/components/login-page')),
  page(
    paths.forgotPassword,
    'Reset your password',
    () => import('@/features/auth/components/forgot-password-page'),
  ),
];

/**
 * Open to anyone. A reset link opened while signed in (a forgotten password on another device, a link a
 * colleague's help desk sent) sets the password rather than leading home.
 */
export const OPEN_PAGES: readonly PageEntry[] = [
  page(
    paths.reset(),
    'Choose a new password',
    () => import('@/features/auth/components/reset-password-page'),
  ),
  page(paths.fbsLogin(), 'Sign-in link', () => import('@/features/auth/components/fbs-login-page')),
  page(
    paths.invitation(),
    'Accept your invitation',
    () => import('@/features/auth/components/invitation-page'),
  ),
];

/** The portal's pages, inside the shell, for a signed-in user. */
export const SIGNED_IN_PAGES: readonly PageEntry[] = [
  page(paths.groups, 'Groups', () => import('@/features/groups/components/groups-page'), 'group_coaching'),
  page(paths.group(), 'Group', () => import('@/features/groups/components/group-page'), 'group_coaching'),
  page(
    paths.groupLesson(),
    'Group lesson',
    () => import('@/features/lessons/components/group-lesson-page'),
    'group_coaching',
  ),
  page(
    paths.groupPurchase(),
    'Join a group',
    () => import('@/features/payments/components/purchase-page'),
    'group_coaching',
  ),
  page(paths.schedule, 'Schedule', () => import('@/features/schedule/components/schedule-page')),
  page(
    paths.lessons,
    'Lessons',
    () => import('@/features/lessons/components/lessons-page'),
    'flash_coaching',
  ),
  page(
    paths.lesson(),
    'Lesson',
    () => import('@/features/lessons/components/flash-lesson-page'),
    'flash_coaching',
  ),
  page(paths.resources, 'Resources', () => import('@/features/resources/components/resources-page')),
  page(paths.actionSteps, 'Action Steps', () => import('./action-steps-route')),
  page(paths.assessments, 'Assessments', () => import('@/features/assessments/components/assessments-page')),
  page(paths.assessment(), 'Assessment', () => import('@/features/assessments/components/assessment-page')),
  page(paths.metrics, 'Metrics', () => import('@/features/metrics/components/metrics-page')),
  page(paths.notes, 'Notes', () => import('@/features/notes/components/notes-page')),
  {
    ...page(paths.messages, 'Messages', () => import('@/features/messages/components/messages-layout')),
    // A mail client opens on the inbox.
    opens: paths.messagesInbox,
    children: [
      page(paths.messagesInbox, 'Inbox', MailFolderPage),
      page(paths.messagesSent, 'Sent', MailFolderPage),
      page(paths.messagesThread(), 'Message', () => import('@/features/messages/components/thread-page')),
      page(paths.messagesCompose, 'New message', () => import('@/features/messages/components/compose-page')),
    ],
  },
  page(paths.help, 'Help', () => import('@/features/help/components/help-page')),
  page(paths.profile, 'Profile', () => import('@/features/profile/components/profile-page')),
  page(paths.coachProfile, "Coach's Profile", () => import('@/features/coach/components/coach-profile-page')),
  page(
    paths.businessAcademy,
    'Business Academy',
    () => import('@/features/business-academy/components/business-academy-page'),
    'business_academy',
  ),
  page(
    paths.academyLesson(),
    'Business Academy lesson',
    () => import('@/features/lessons/components/academy-lesson-page'),
    'business_academy',
  ),
];

/**
 * The coach's workspace (DESIGN Roles): a route tree of its own under /coach, each page its own lazy chunk, so a
 * client never downloads it. ./routes puts these behind RoleGuard tree="coach" and the client's pages behind
 * tree="client": either opened by the other role says it is not available to their account.
 */
export const COACH_PAGES: readonly PageEntry[] = [
  page(paths.coach, 'Today', () => import('@/features/coach-today/components/today-page')),
  page(paths.coachClients, 'Clients', () => import('@/features/coach-clients/components/clients-page')),
  page(paths.coachClient(), 'Client', () => import('@/features/coach-clients/components/client-page')),
  page(
    paths.coachSchedule,
    'Meetings',
    () => import('@/features/coach-schedule/components/coach-schedule-page'),
  ),
  page(paths.coachMessages, 'Messages', () => import('@/features/coach-mailbox/components/mailbox-page')),
  page(paths.coachCompose, 'New message', () => import('@/features/coach-mailbox/components/compose-page')),
  page(paths.coachThread(), 'Message', () => import('@/features/coach-mailbox/components/thread-page')),
  page(paths.coachRequests, 'Requests', () => import('@/features/coach-requests/components/requests-page')),
  // Authoring: the rich-text editor is imported by the lesson pages alone, so it stays out of every other chunk.
  page(paths.coachGroups, 'Groups', () =>
    import('@/features/coach-groups/pages').then((p) => p.groupsPage()),
  ),
  page(paths.coachGroupNew, 'New group', () =>
    import('@/features/coach-groups/pages').then((p) => p.groupNewPage()),
  ),
  page(paths.coachGroup(), 'Group', () => import('@/features/coach-groups/pages').then((p) => p.groupPage())),
  page(paths.coachGroupLesson(), 'Lesson', () =>
    import('@/features/coach-groups/pages').then((p) => p.lessonPage()),
  ),
  page(
    paths.coachGroupSessions(),
    'Live sessions',
    () => import('@/features/coach-sessions/components/sessions-page'),
  ),
  page(
    paths.coachGroupProgress(),
    'Progress',
    () => import('@/features/coach-progress/components/progress-page'),
  ),
  page(paths.coachAcademy, 'Academy', () =>
    import('@/features/coach-academy/pages').then((p) => p.academyPage()),
  ),
  // A group's lesson and an academy lesson share one editor page.
  page(paths.coachAcademyLesson(), 'Academy lesson', () =>
    import('@/features/coach-groups/pages').then((p) => p.lessonPage()),
  ),
  page(
    paths.coachAssessment(),
    'Assessment',
    () => import('@/features/coach-assessments/components/assessment-page'),
  ),
  page(
    paths.coachResources,
    'Resources',
    () => import('@/features/coach-resources/components/resources-page'),
  ),
];

/** The tenant admin's screens (DESIGN Roles): their own tree under /admin behind RoleGuard tree="admin". */
export const ADMIN_PAGES: readonly PageEntry[] = [
  page(paths.admin, 'People', () => import('@/features/admin-people/components/people-page')),
  page(
    paths.adminPersonNew,
    'Add a person',
    () => import('@/features/admin-people/components/person-new-page'),
  ),
  page(paths.adminPerson(), 'Person', () => import('@/features/admin-people/components/person-page')),
  page(paths.adminCompanies, 'Companies', () => import('@/features/admin-people/components/companies-page')),
  page(
    paths.adminAssignments,
    'Coach assignments',
    () => import('@/features/admin-people/components/assignments-page'),
  ),
  page(paths.adminImport, 'Import people', () => import('@/features/admin-import/components/import-page')),
  page(paths.adminAudit, 'Audit log', () => import('@/features/admin-people/components/audit-page')),
  page(paths.adminKeys, 'API keys', () => import('@/features/admin-keys/components/keys-page')),
  page(paths.adminWebhooks, 'Webhooks', () => import('@/features/admin-webhooks/components/webhooks-page')),
  page(paths.adminWebhook(), 'Webhook', () => import('@/features/admin-webhooks/components/webhook-page')),
];

export const NOT_FOUND_PAGE = page('*', 'Page not found', () => import('./not-found-page'));

/** The flag the signed-in page at `path` needs, if any (the side menu shows its item only with it). */
export const pageFlag = (path: string): Flag | undefined =>
  SIGNED_IN_PAGES.find((entry) => entry.path === path)?.flag;
