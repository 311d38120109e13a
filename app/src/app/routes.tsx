/** The route table of SPEC §2. Every page is its own lazy chunk; paths come from ./paths only. */
import type { RouteObject } from 'react-router-dom';
import { FlagGuard, GuestOnly, HomeRedirect, RequireAuth } from './guards';
import { lazyPage } from './lazy-page';
import { paths } from './paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { SessionShell } from './session-shell';

const LoginPage = lazyPage(() => import('../features/auth/components/login-page'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/components/reset-password-page'));
const FbsLoginPage = lazyPage(() => import('../features/auth/components/fbs-login-page'));
const GroupsPage = lazyPage(() => import('../features/groups/components/groups-page'));
const GroupPage = lazyPage(() => import('../features/groups/components/group-page'));
const GroupLessonPage = lazyPage(() => import('../features/groups/components/group-lesson-page'));
const SchedulePage = lazyPage(() => import('../features/schedule/components/schedule-page'));
const LessonsPage = lazyPage(() => import('../features/lessons/components/lessons-page'));
const LessonPage = lazyPage(() => import('../features/lessons/components/lesson-page'));
const ResourcesPage = lazyPage(() => import('../features/resources/components/resources-page'));
const ActionStepsPage = lazyPage(() => import('./action-steps-route'));
const MetricsPage = lazyPage(() => import('../features/metrics/components/metrics-page'));
const NotesPage = lazyPage(() => import('../features/notes/components/notes-page'));
const MessagesPage = lazyPage(() => import('../features/messages/components/messages-page'));
const HelpPage = lazyPage(() => import('../features/help/components/help-page'));
const ProfilePage = lazyPage(() => import('../features/profile/components/profile-page'));
const CoachProfilePage = lazyPage(() => import('../features/coach/components/coach-profile-page'));
const BusinessAcademyPage = lazyPage(
  () => import('../features/business-academy/components/business-academy-page'),
);
const NotFoundPage = lazyPage(() => import('./not-found-page'));
// Lazy as well: it needs React Query and hashids, which the login route must not carry.
const CrashScreen = lazyPage(() => import('./crash-screen'));

export function portalRoutes(options: { updateAvailable: boolean }): RouteObject[] {
  return [
    {
      element: <RootLayout updateAvailable={options.updateAvailable} />,
      errorElement: <RouteError />,
      children: [
        {
          element: <GuestOnly />,
          children: [
            { path: paths.login, element: <LoginPage /> },
            { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
            { path: paths.reset(), element: <ResetPasswordPage /> },
          ],
        },
        { path: paths.fbsLogin(), element: <FbsLoginPage /> },
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
                    { path: paths.groups, element: <GroupsPage /> },
                    { path: paths.group(), element: <GroupPage /> },
                    { path: paths.groupLesson(), element: <GroupLessonPage /> },
                    { path: paths.schedule, element: <SchedulePage /> },
                    { path: paths.lessons, element: <LessonsPage /> },
                    { path: paths.lesson(), element: <LessonPage /> },
                    { path: paths.resources, element: <ResourcesPage /> },
                    { path: paths.actionSteps, element: <ActionStepsPage /> },
                    { path: paths.metrics, element: <MetricsPage /> },
                    { path: paths.notes, element: <NotesPage /> },
                    { path: paths.messagesAll, element: <MessagesPage /> },
                    { path: paths.help, element: <HelpPage /> },
                    { path: paths.profile, element: <ProfilePage /> },
                    { path: paths.coachProfile, element: <CoachProfilePage /> },
                    {
                      path: paths.businessAcademy,
                      element: (
                        <FlagGuard flag="business_academy">
                          <BusinessAcademyPage />
                        </FlagGuard>
                      ),
                    },
                  ],
                },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
