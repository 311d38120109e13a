/**
 * What every route shares: the page title, toasts, the global loading overlay, the update banner, following
 * other tabs' logins and logouts, opening a clicked push notification's page, and the tenant's analytics
 * container when it has one (its code loads only then).
 * (The idle logout lives in the shell, which every signed-in page renders, so its code stays out of the login
 * route.)
 */
import { Suspense, lazy, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { Slide, ToastContainer } from 'react-toastify/unstyled';
import { UpdateBanner } from '@/boot/update-banner';
import { usePortal } from '@/lib/portal-context';
import { usePushNavigation } from '@/lib/push-navigation';
import { followOtherTabs } from '@/lib/session';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION, dismissOnSignIn } from '@/lib/toast';
import { LoadingOverlay } from './loading-overlay';
import { usePageTitle } from './page-title';

const Analytics = lazy(() => import('@/features/analytics/components/analytics'));

export function RootLayout({ updateAvailable }: { updateAvailable: boolean }) {
  useEffect(() => followOtherTabs(), []);
  useEffect(() => dismissOnSignIn(), []);
  usePageTitle();
  // A push notification's click routes an open window to its page (the service worker's message).
  usePushNavigation();
  const { analyticsContainerId, analyticsConsent } = usePortal().config.integrations;
  return (
    <>
      <Outlet />
      <LoadingOverlay />
      {updateAvailable && <UpdateBanner />}
      {/* Slide, not the default bounce, which fades a toast in from transparent: its text read below 4.5:1
          while it arrived, just when a screen reader and the eye turn to it. */}
      <ToastContainer
        position={TOAST_POSITION}
        autoClose={TOAST_AUTO_CLOSE_MS}
        newestOnTop
        transition={Slide}
      />
      {analyticsContainerId && (
        <Suspense fallback={null}>
          <Analytics containerId={analyticsContainerId} consentMode={analyticsConsent} />
        </Suspense>
      )}
    </>
  );
}
