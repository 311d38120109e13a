/**
 * What every route shares: toasts, the global loading overlay, the update banner, following other tabs'
 * logins and logouts, and the idle logout while signed in.
 */
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { UpdateBanner } from '../boot/update-banner';
import { followOtherTabs, useSession } from '../lib/session';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '../lib/toast';
import { IdleLogout } from './idle-logout';
import { LoadingOverlay } from './loading-overlay';

export function RootLayout({ updateAvailable }: { updateAvailable: boolean }) {
  const session = useSession();
  useEffect(() => followOtherTabs(), []);
  return (
    <>
      <Outlet />
      {session && <IdleLogout key={session.token} />}
      <LoadingOverlay />
      {updateAvailable && <UpdateBanner />}
      <ToastContainer position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
    </>
  );
}
