/**
 * Every page of SPEC §2 as data: its path (from @/config/paths when another module links to it, else written
 * here, its one place), its lazy chunk, its name in the browser tab, the training flag it needs and its
 * side-menu item. ./routes makes the router's routes of it (a flag becomes a FlagGuard, so the guard cannot be
 * forgotten or name the wrong flag) and the side menu is its items, in the table's order, each shown when its
 * page may be opened: a new page with an item is one entry here.
 */
import { paths } from '@/config/paths';
import type { Flag } from '@/lib/user';
import { lazyPage, type LazyPage } from './lazy-page';
import type { IconName } from './shell/icons';

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
  /** The page's item in its tree's side menu (./shell/menu-items), in the table's order. */
  menu?: MenuEntry;
}

export interface MenuEntry {
  /** The item's words: by default the page's title, after 'My' in the client's menu (SPEC §2's 'My Schedule'). */
  label?: string;
  icon: IconName;
  /** The item that carries the unread-mail badge. */
  unreadBadge?: boolean;
  /** Pages without an item of their own that belong to this one (SPEC's eleven items, and Book a session). */
  also?: readonly string[];
  /**
   * Active only at its own address and under `also` (the coach's Today and the admin's People, whose addresses
   * start every other page's of their tree).
   */
  exact?: boolean;
}

type PageLoad = Parameters<typeof lazyPage>[0];

// Another role's pages load through its own small module (./coach-pages, ./admin-pages), see there why; a page
// is named by its file (coachPage('clients'): coach-clients/components/clients-page.tsx).
const coachPage =
  (name: string): PageLoad =>
  () =>
    import('./coach-pages').then((pages) => pages.coachPage(name));
const adminPage =
  (name: string): PageLoad =>
  () =>
    import('./admin-pages').then((pages) => pages.adminPage(name));

const page = (path: string, title: string, load: PageLoad | LazyPage, flag?: Flag): PageEntry => ({
  path,
  title,
  page: 'preload' in load ? load : lazyPage(load),
  ...(flag ? { flag } : {}),
});

const inMenu = (entry: PageEntry, menu: MenuEntry): PageEntry => ({ ...entry, menu });

// Both folders are one component, so moving between them keeps the page rather than mounting another.
const MailFolderPage = lazyPage(() => import('@/features/messages/components/folder-page'));

// The notification centre is the same two pages in every role's tree (the bell in the shell leads there; no menu
// item): one chunk each, which the pages' own calls scope to the signed-in person.
const NotificationsPage = lazyPage(() => import('@/features/notifications/components/notifications-page'));
const NotificationSettingsPage = lazyPage(
  () => import('@/features/notifications/components/preferences-page'),
);
const notificationPages = (list: string, settings: string): PageEntry[] => [
  page(list, 'Notifications', NotificationsPage),
  page(settings, 'Notification settings', NotificationSettingsPage),
];

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
  page(
    paths.emailChange(),
    'Confirm your new login email',
    () => import('@/features/auth/components/email-change-page'),
  ),
  // A notification mail's unsubscribe link works signed in or out, on any device the mail is read on.
  page(
    paths.unsubscribe(),
    'Unsubscribe',
    () => import('@/features/notifications/components/unsubscribe-page'),
  ),
];

/** The portal's pages, inside the shell, for a signed-in user. */
export const SIGNED_IN_PAGES: readonly PageEntry[] = [
  inMenu(
    page(paths.schedule, 'Schedule', () => import('./schedule-route')),
    { icon: 'calendar' },
  ),
  // Booking, beside the schedule it fills: an item SPEC §2's eleven did not have.
  inMenu(
    page(paths.book, 'Book a session', () => import('@/features/booking/components/book-page'), 'booking'),
    { label: 'Book a session', icon: 'book' },
  ),
  page(
    paths.bookedMeeting(),
    'Your meeting',
    () => import('@/features/booking/components/booked-meeting-page'),
    'booking',
  ),
  page(paths.recap(), 'Meeting recap', () => import('@/features/schedule/components/recap-page')),
  // The coaching agreement: booking and joining a group link here while it waits for the client's signature.
  page(paths.agreement, 'Coaching agreement', () => import('@/features/agreement/components/agreement-page')),
  inMenu(
    page(paths.groups, 'Groups', () => import('@/features/groups/components/groups-page'), 'group_coaching'),
    { icon: 'users' },
  ),
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
  inMenu(
    page(
      paths.lessons,
      'Lessons',
      () => import('@/features/lessons/components/lessons-page'),
      'flash_coaching',
    ),
    { icon: 'play' },
  ),
  page(
    paths.lesson(),
    'Lesson',
    () => import('@/features/lessons/components/flash-lesson-page'),
    'flash_coaching',
  ),
  inMenu(
    page(paths.resources, 'Resources', () => import('@/features/resources/components/resources-page')),
    { icon: 'folder' },
  ),
  // Assessments' implementation steps become action steps, and the board links to them.
  inMenu(
    page(paths.actionSteps, 'Action Steps', () => import('./action-steps-route')),
    { icon: 'check', also: [paths.assessments] },
  ),
  inMenu(
    page(paths.goals, 'Goals', () => import('@/features/goals/components/goals-page')),
    { icon: 'goal' },
  ),
  page(paths.assessments, 'Assessments', () => import('@/features/assessments/components/assessments-page')),
  page(paths.assessment(), 'Assessment', () => import('@/features/assessments/components/assessment-page')),
  {
    ...page(paths.messages, 'Messages', () => import('@/features/messages/components/messages-layout')),
    menu: { icon: 'mail', unreadBadge: true },
    // A mail client opens on the inbox.
    opens: paths.messagesInbox,
    children: [
      page(paths.messagesInbox, 'Inbox', MailFolderPage),
      page(paths.messagesSent, 'Sent', MailFolderPage),
      page(paths.messagesThread(), 'Message', () => import('@/features/messages/components/thread-page')),
      page(paths.messagesCompose, 'New message', () => import('@/features/messages/components/compose-page')),
    ],
  },
  inMenu(
    page(paths.metrics, 'Metrics', () => import('@/features/metrics/components/metrics-page')),
    { icon: 'chart' },
  ),
  inMenu(
    page(paths.notes, 'Notes', () => import('@/features/notes/components/notes-page')),
    { icon: 'note' },
  ),
  // The form pages are chunks of their own: the list, and the fill page with the answers' check.
  inMenu(
    page(paths.forms, 'Forms', () => import('@/features/forms/components/forms-page')),
    { icon: 'form' },
  ),
  page(paths.form(), 'Form', () => import('@/features/forms/components/form-fill-page')),
  page(paths.help, 'Help', () => import('@/features/help/components/help-page')),
  ...notificationPages(paths.notifications, paths.notificationSettings),
  // Getting paid: what the client may buy, what they bought, their credits and invoices.
  inMenu(
    page(paths.billing, 'Plans and billing', () => import('@/features/billing/components/billing-page')),
    { label: 'Plans and billing', icon: 'card' },
  ),
  inMenu(
    page(paths.profile, 'Profile', () => import('@/features/profile/components/profile-page')),
    { icon: 'user' },
  ),
  inMenu(
    page(
      paths.businessAcademy,
      'Business Academy',
      () => import('@/features/business-academy/components/business-academy-page'),
      'business_academy',
    ),
    { label: 'Business Academy', icon: 'academy' },
  ),
  page(
    paths.academyLesson(),
    'Business Academy lesson',
    () => import('@/features/lessons/components/academy-lesson-page'),
    'business_academy',
  ),
  inMenu(
    page(
      paths.coachProfile,
      "Coach's Profile",
      () => import('@/features/coach/components/coach-profile-page'),
    ),
    { icon: 'coach' },
  ),
];

/**
 * The coach's workspace (DESIGN Roles): a route tree of its own under /coach, each page its own lazy chunk, so a
 * client never downloads it. ./routes puts these behind RoleGuard tree="coach" and the client's pages behind
 * tree="client": either opened by the other role says it is not available to their account.
 */
export const COACH_PAGES: readonly PageEntry[] = [
  inMenu(page(paths.coach, 'Today', coachPage('today')), { icon: 'home', exact: true }),
  inMenu(page(paths.coachClients, 'Clients', coachPage('clients')), { icon: 'users' }),
  page(paths.coachClient(), 'Client', coachPage('client')),
  inMenu(page(paths.coachSchedule, 'Meetings', coachPage('coach-schedule')), { icon: 'calendar' }),
  page(paths.coachMeetingRecap(), 'Meeting recap', coachPage('recap')),
  inMenu(page(paths.coachAvailability, 'Availability', coachPage('availability')), {
    icon: 'clock',
    also: [paths.coachMeetingTypes, paths.coachCalendars],
  }),
  page(paths.coachMeetingTypes, 'Meeting types', coachPage('meeting-types')),
  page(paths.coachCalendars, 'Calendars', coachPage('calendars')),
  inMenu(page(paths.coachMessages, 'Messages', coachPage('mailbox')), { icon: 'mail', unreadBadge: true }),
  page(paths.coachCompose, 'New message', coachPage('compose')),
  page(paths.coachThread(), 'Message', coachPage('thread')),
  inMenu(page(paths.coachRequests, 'Requests', coachPage('requests')), { icon: 'check' }),
  inMenu(page(paths.coachGroups, 'Groups', coachPage('groups')), { icon: 'users' }),
  page(paths.coachGroupNew, 'New group', coachPage('group-new')),
  page(paths.coachGroup(), 'Group', coachPage('group')),
  page(paths.coachGroupLesson(), 'Lesson', coachPage('lesson')),
  page(paths.coachGroupSessions(), 'Live sessions', coachPage('sessions')),
  page(paths.coachGroupProgress(), 'Progress', coachPage('progress')),
  inMenu(page(paths.coachAcademy, 'Academy', coachPage('academy')), { icon: 'academy' }),
  page(paths.coachAcademyLesson(), 'Academy lesson', coachPage('lesson')),
  page(paths.coachAssessment(), 'Assessment', coachPage('assessment')),
  inMenu(page(paths.coachResources, 'Resources', coachPage('resources')), { icon: 'folder' }),
  inMenu(page('/coach/agreement', 'Agreement', coachPage('agreement-editor')), { icon: 'note' }),
  inMenu(page(paths.coachForms, 'Forms', coachPage('form-library')), { icon: 'form' }),
  page(paths.coachForm(), 'Form builder', coachPage('form-builder')),
  inMenu(page(paths.coachOfferings, 'Offerings', coachPage('offerings')), { icon: 'card' }),
  ...notificationPages(paths.coachNotifications, paths.coachNotificationSettings),
];

/** The tenant admin's screens (DESIGN Roles): their own tree under /admin behind RoleGuard tree="admin". */
export const ADMIN_PAGES: readonly PageEntry[] = [
  inMenu(page(paths.admin, 'People', adminPage('people')), {
    icon: 'users',
    exact: true,
    also: [paths.adminPerson('')],
  }),
  page(paths.adminPersonNew, 'Add a person', adminPage('person-new')),
  page(paths.adminPerson(), 'Person', adminPage('person')),
  inMenu(page(paths.adminCompanies, 'Companies', adminPage('companies')), { icon: 'folder' }),
  inMenu(page(paths.adminAssignments, 'Coach assignments', adminPage('assignments')), { icon: 'coach' }),
  inMenu(page(paths.adminImport, 'Import people', adminPage('import')), { icon: 'note' }),
  inMenu(page(paths.adminAudit, 'Audit log', adminPage('audit')), { icon: 'check' }),
  inMenu(page(paths.adminKeys, 'API keys', adminPage('keys')), { icon: 'user' }),
  inMenu(page(paths.adminWebhooks, 'Webhooks', adminPage('webhooks')), { icon: 'mail' }),
  // The tenant's agreement: the same editor as a coach's own (the API picks which by the role).
  inMenu(page('/admin/agreement', 'Agreement', coachPage('agreement-editor')), { icon: 'note' }),
  // The tenant's forms: the coach's builder, on the admin's own calls (the API picks the forms by the role).
  inMenu(page(paths.adminForms, 'Forms', coachPage('form-library')), { icon: 'form' }),
  page(paths.adminForm(), 'Form builder', coachPage('form-builder')),
  page(paths.adminWebhook(), 'Webhook', adminPage('webhook')),
  // Getting paid: the money's reports, read-only but for a refund.
  // What the business sells: the coaches' editor, over the tenant's and every coach's offerings.
  inMenu(page(paths.adminOfferings, 'Offerings', coachPage('offerings')), { icon: 'card' }),
  inMenu(page(paths.adminRevenue, 'Revenue', adminPage('revenue')), { icon: 'chart' }),
  inMenu(page(paths.adminPayments, 'Payments', adminPage('payments')), { icon: 'card' }),
  ...notificationPages(paths.adminNotifications, paths.adminNotificationSettings),
];

export const NOT_FOUND_PAGE = page('*', 'Page not found', () => import('./not-found-page'));
