/**
 * "Push notifications on this device": subscribes this browser to the server's Web Push (the tenant's own
 * service worker shows them) or unsubscribes it. Shown only where it can work: the server has a VAPID key and
 * the browser has push and the app's service worker (a baked build; `npm run dev` registers none). A browser
 * that blocks the site's notifications is told where to allow them: the page cannot ask again.
 */
import { useEffect, useState } from 'react';
import { handleApiError } from '@/lib/api-errors';
import { notify } from '@/lib/toast';
import { deleteSubscription, saveSubscription, usePushKey } from '@/lib/push-subscriptions';

export const PUSH_BLOCKED = 'Your browser blocks notifications for this site: allow them in its settings.';
const PUSH_FAILED = 'Push notifications could not be turned on in this browser.';

const supported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window.PushManager === 'function' &&
  typeof window.Notification === 'function';

/** The VAPID key as PushManager wants it: its bytes (base64url in the API's answer). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
}

function PushToggle({
  registration,
  publicKey,
}: {
  registration: ServiceWorkerRegistration;
  publicKey: string;
}) {
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [blocked, setBlocked] = useState(() => Notification.permission === 'denied');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    void registration.pushManager
      .getSubscription()
      .then((current) => live && setSubscribed(current !== null));
    return () => {
      live = false;
    };
  }, [registration]);

  const turnOn = async () => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setBlocked(permission === 'denied');
      return;
    }
    let subscription: PushSubscription;
    try {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
    } catch {
      notify.error(PUSH_FAILED);
      return;
    }
    const { endpoint, keys } = subscription.toJSON();
    try {
      await saveSubscription({
        endpoint: endpoint ?? '',
        keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
      });
      setSubscribed(true);
    } catch (error) {
      // The server does not have it: the browser must not keep a subscription nothing will push to.
      await subscription.unsubscribe().catch(() => undefined);
      handleApiError(error);
    }
  };

  const turnOff = async () => {
    const current = await registration.pushManager.getSubscription();
    if (current) {
      await deleteSubscription(current.endpoint);
      await current.unsubscribe();
    }
    setSubscribed(false);
  };

  const toggle = async (on: boolean) => {
    setPending(true);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      handleApiError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <label className="mail-topic">
      <input
        type="checkbox"
        checked={subscribed === true}
        disabled={subscribed === null || pending || (blocked && !subscribed)}
        aria-describedby="push-hint"
        onChange={(event) => void toggle(event.target.checked)}
      />
      <span>
        Push notifications on this device
        <span id="push-hint" className="muted mail-topic-hint">
          {blocked
            ? PUSH_BLOCKED
            : 'New messages, meetings and reminders, shown by this device even when the portal is closed'}
        </span>
      </span>
    </label>
  );
}

export function PushNotificationsCard() {
  const key = usePushKey(supported());
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);

  useEffect(() => {
    if (!supported()) return;
    let live = true;
    // Resolves once the app's worker is active; never where none registers (the card then stays hidden).
    void navigator.serviceWorker.ready.then((ready) => live && setRegistration(ready));
    return () => {
      live = false;
    };
  }, []);

  const publicKey = key.data?.public_key;
  if (!publicKey || !registration) return null;
  return (
    <section className="card form-card" aria-labelledby="push-title">
      <h2 id="push-title">Push notifications</h2>
      <PushToggle registration={registration} publicKey={publicKey} />
    </section>
  );
}
