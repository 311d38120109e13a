/** The route table of SPEC §2. Every page is its own lazy chunk; paths come from ./paths only. */
import { Navigate, matchRoutes, type RouteObject } from 'react-router-dom';
import { FlagGuard, GuestOnly, HomeRedirect, RequireAuth } from './guards';
import { lazyPage, type LazyPage } from './lazy-page';
import type { RouteHandle } from './page-title';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { SessionShell, preloadShell } from './session-shell';

const LoginPage = lazyPage(() => import('@/features/auth/components/login-page'));
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazyPage(() => import('@/features/auth/components/reset-password-page'));
const FbsLoginPage = lazyPage(() => import('@/features/auth/components/fbs-login-page'));
const GroupsPage = lazyPage(() => import('@/features/groups/components/groups-page'));
const GroupPage = lazyPage(() => import('@/features/groups/components/group-page'));
const GroupLessonPage = lazyPage(() => import('@/features/lessons/components/group-lesson-page'));
const PurchasePage = lazyPage(() => import('@/features/payments/components/purchase-page'));
const SchedulePage = lazyPage(() => import('@/features/schedule/components/schedule-page'));
const LessonsPage = lazyPage(() => import('@/features/lessons/components/lessons-page'));
const LessonPage = lazyPage(() => import('@/features/lessons/components/flash-lesson-page'));
const ResourcesPage = lazyPage(() => import('@/features/resources/components/resources-page'));
const ActionStepsPage = lazyPage(() => import('./action-steps-route'));
const AssessmentsPage = lazyPage(() => import('@/features/assessments/components/assessments-page'));
const AssessmentPage = lazyPage(() => import('@/features/assessments/components/assessment-page'));
const MetricsPage = lazyPage(() => import('@/features/metrics/components/metrics-page'));
const NotesPage = lazyPage(() => import('@/features/notes/components/notes-page'));
const MessagesLayout = lazyPage(() => import('@/features/messages/components/messages-layout'));
const MailFolderPage = lazyPage(() => import('@/features/messages/components/folder-page'));
const MailThreadPage = lazyPage(() => import('@/features/messages/components/thread-page'));
const ComposePage = lazyPage(() => import('@/features/messages/components/compose-page'));
const HelpPage = lazyPage(() => import('@/features/help/components/help-page'));
const ProfilePage = lazyPage(() => import('@/features/profile/components/profile-page'));
const CoachProfilePage = lazyPage(() => import('@/features/coach/components/coach-profile-page'));
const BusinessAcademyPage = lazyPage(
  () => import('@/features/business-academy/components/business-academy-page'),
);
const AcademyLessonPage = lazyPage(() => import('@/features/lessons/components/academy-lesson-page'));
const NotFoundPage = lazyPage(() => import('./not-found-page'));
// Lazy as well: it needs React Query and hashids, which the login route must not carry.
const CrashScreen = lazyPage(() => import('./crash-screen'));

/** The page's name in the browser tab (see ./page-title): the side menu's words without 'My'. */
const title = (name: string): RouteHandle => ({ title: name });
/** A signed-in page: its title, and its chunk to fetch alongside the shell's (see ./session-shell). */
const page = (name: string, Page: LazyPage): RouteHandle => ({ title: name, preload: Page.preload });

export function portalRoutes(options: { updateAvailable: boolean }): RouteObject[] {
  return [
    {
      element: <RootLayout updateAvailable={options.updateAvailable} />,
      errorElement: <RouteError />,
      children: [
        {
          element: <GuestOnly />,
          children: [
            { path: paths.login, element: <LoginPage />, handle: title('Sign in') },
            {
              path: paths.forgotPassword,
              element: <ForgotPasswordPage />,
              handle: title('Reset your password'),
            },
          ],
        },
        // Open to a signed-in user too: a reset link opened while signed in (a forgotten password on another
        // device, a link a colleague's help desk sent) sets the password rather than leading home.
        { path: paths.reset(), element: <ResetPasswordPage />, handle: title('Choose a new password') },
        { path: paths.fbsLogin(), element: <FbsLoginPage />, handle: title('Sign-in link') },
        {
          element: <SessionShell />,
          children: [
            {
              // A page that throws while rendering shows the crash screen inside the shell.
              errorElement: <CrashScreen />,
              children: [
                {
                  element: <RequireAuth />,
                  children: [
                    { index: true, element: <HomeRedirect /> },
                    {
                      path: paths.groups,
                      handle: page('Groups', GroupsPage),
                      element: (
                        <FlagGuard flag="group_coaching">
                          <GroupsPage />
                        </FlagGuard>
                      ),
                    },
                    {
                      path: paths.group(),
                      handle: page('Group', GroupPage),
                      element: (
                        <FlagGuard flag="group_coaching">
                          <GroupPage />
                        </FlagGuard>
                      ),
                    },
                    {
                      path: paths.groupLesson(),
                      handle: page('Group lesson', GroupLessonPage),
                      element: (
                        <FlagGuard flag="group_coaching">
                          <GroupLessonPage />
                        </FlagGuard>
                      ),
                    },
                    {
                      path: paths.groupPurchase(),
                      handle: page('Join a group', PurchasePage),
                      element: (
                        <FlagGuard flag="group_coaching">
                          <PurchasePage />
                        </FlagGuard>
                      ),
                    },
                    {
                      path: paths.schedule,
                      element: <SchedulePage />,
                      handle: page('Schedule', SchedulePage),
                    },
                    {
                      path: paths.lessons,
                      handle: page('Lessons', LessonsPage),
                      element: (
                        <FlagGuard flag="flash_coaching">
                          <LessonsPage />
                        </FlagGuard>
                      ),
                    },
                    {
                      path: paths.lesson(),
                      handle: page('Lesson', LessonPage),
                      element: (
                        <FlagGuard flag="flash_coaching">
                          <LessonPage />
                        </FlagGuard>
                      ),
                    },
                    {
                      path: paths.resources,
                      element: <ResourcesPage />,
                      handle: page('Resources', ResourcesPage),
                    },
                    {
                      path: paths.actionSteps,
                      element: <ActionStepsPage />,
                      handle: page('Action Steps', ActionStepsPage),
                    },
                    {
                      path: paths.assessments,
                      element: <AssessmentsPage />,
                      handle: page('Assessments', AssessmentsPage),
                    },
                    {
                      path: paths.assessment(),
                      element: <AssessmentPage />,
                      handle: page('Assessment', AssessmentPage),
                    },
                    { path: paths.metrics, element: <MetricsPage />, handle: page('Metrics', MetricsPage) },
                    { path: paths.notes, element: <NotesPage />, handle: page('Notes', NotesPage) },
                    {
                      path: paths.messages,
                      element: <MessagesLayout />,
                      handle: page('Messages', MessagesLayout),
                      children: [
                        // A mail client opens on the inbox.
                        { index: true, element: <Navigate to={paths.messagesInbox} replace /> },
                        {
                          path: paths.messagesInbox,
                          element: <MailFolderPage />,
                          handle: page('Inbox', MailFolderPage),
                        },
                        {
                          path: paths.messagesSent,
                          element: <MailFolderPage />,
                          handle: page('Sent', MailFolderPage),
                        },
                        {
                          path: paths.messagesThread(),
                          element: <MailThreadPage />,
                          handle: page('Message', MailThreadPage),
                        },
                        {
                          path: paths.messagesCompose,
                          element: <ComposePage />,
                          handle: page('New message', ComposePage),
                        },
                      ],
                    },
                    { path: paths.help, element: <HelpPage />, handle: page('Help', HelpPage) },
                    { path: paths.profile, element: <ProfilePage />, handle: page('Profile', ProfilePage) },
                    {
                      path: paths.coachProfile,
                      element: <CoachProfilePage />,
                      handle: page("Coach's Profile", CoachProfilePage),
                    },
                    {
                      path: paths.businessAcademy,
                      handle: page('Business Academy', BusinessAcademyPage),
                      element: (
                        <FlagGuard flag="business_academy">
                          <BusinessAcademyPage />
                        </FlagGuard>
                      ),
                    },
                    {
                      path: paths.academyLesson(),
                      handle: page('Business Academy lesson', AcademyLessonPage),
                      element: (
                        <FlagGuard flag="business_academy">
                          <AcademyLessonPage />
                        </FlagGuard>
                      ),
                    },
                  ],
                },
                { path: '*', element: <NotFoundPage />, handle: page('Page not found', NotFoundPage) },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/**
 * For a signed-in user at boot, while the theme and the published version are still being fetched: starts
 * fetching the shell's chunk and the chunks of the pages this URL shows, which SessionShell would otherwise ask
 * for only once the router has rendered, a round trip (and a render) later. Asking twice is free.
 */
export function preloadSignedInPage(pathname: string): void {
  preloadShell();
  for (const match of matchRoutes(portalRoutes({ updateAvailable: false }), pathname) ?? [])
    (match.route.handle as RouteHandle | undefined)?.preload?.();
}
