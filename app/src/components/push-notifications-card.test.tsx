// My Profile's "Push notifications on this device" against a browser whose push parts are stand-ins (happy-dom
// has no PushManager, Notification or service worker): the card appears only with a server key and a worker,
// turning it on asks permission, subscribes with the server's key and hands the subscription to the API,
// turning it off removes it from both, a blocked permission says where to allow it; and the worker's message
// after a notification's click routes the app.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUser, fakeApi, gapiAnswer, renderPortal, signInFresh, type FakeCall } from '@/testing/portal';
import { PUSH_BLOCKED } from './push-notifications-card';

const { access_token: _a, pas_token: _p, ...member } = apiUser();
// A P-256 public key's shape (65 bytes, first 0x04), base64url.
const KEY = `B${'A'.repeat(86)}`;
const KEYS = { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) };

class FakeSubscription {
  constructor(readonly endpoint: string) {}
  toJSON = () => ({ endpoint: this.endpoint, keys: KEYS });
  unsubscribe = vi.fn(() => Promise.resolve(true));
}

let current: FakeSubscription | null;
let permission: NotificationPermission;
const pushManager = {
  getSubscription: vi.fn(() => Promise.resolve(current)),
  subscribe: vi.fn((_options: PushSubscriptionOptionsInit) => {
    current = new FakeSubscription('https://push.example/send/device-1');
    return Promise.resolve(current);
  }),
};
const worker = Object.assign(new EventTarget(), { ready: Promise.resolve({ pushManager }) });

function server(key: string | null): FakeCall[] {
  return fakeApi((call) => {
    if (call.url === '/gapi') return gapiAnswer(call, { member });
    if (call.url === '/api/v1/push/key') return { status: 200, data: { data: key && { public_key: key } } };
    if (call.url === '/api/v1/push/subscriptions') return { status: 204 };
    if (call.url === '/api/v1/calendar-feed') return { status: 200, data: { data: null } };
    return { status: 404, data: { message: 'Not found' } };
  });
}

beforeEach(() => {
  signInFresh();
  current = null;
  permission = 'default';
  vi.clearAllMocks();
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      get permission() {
        return permission;
      },
      requestPermission: vi.fn(() => Promise.resolve(permission === 'default' ? 'granted' : permission)),
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const toggle = () => screen.findByRole('checkbox', { name: /Push notifications on this device/ });

describe('push notifications on My Profile', () => {
  it('are not offered when the server has no key', async () => {
    const calls = server(null);
    renderPortal('/profile');
    await screen.findByRole('heading', { name: 'Notifications' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/push/key')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Push notifications' })).toBeNull();
  });

  it('subscribe with the server key and hand the subscription to the API', async () => {
    const calls = server(KEY);
    const user = userEvent.setup();
    renderPortal('/profile');
    const box = await toggle();
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    const options = pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual([4, ...Array<number>(64).fill(0)]);
    const saved = calls.filter((c) => c.url === '/api/v1/push/subscriptions');
    expect(saved.map((c) => [c.method, c.body])).toEqual([
      ['POST', { endpoint: 'https://push.example/send/device-1', keys: KEYS }],
    ]);
  });

  it('unsubscribe from the API and the browser', async () => {
    current = new FakeSubscription('https://push.example/send/device-2');
    const device = current;
    const calls = server(KEY);
    const user = userEvent.setup();
    renderPortal('/profile');
    const box = await toggle();
    await waitFor(() => expect(box).toBeChecked());
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(
      calls.filter((c) => c.url === '/api/v1/push/subscriptions').map((c) => [c.method, c.body]),
    ).toEqual([['DELETE', { endpoint: 'https://push.example/send/device-2' }]]);
    expect(device.unsubscribe).toHaveBeenCalledOnce();
  });

  it('say where to allow notifications when the browser blocks them', async () => {
    server(KEY);
    const user = userEvent.setup();
    renderPortal('/profile');
    const box = await toggle();
    await waitFor(() => expect(box).toBeEnabled());
    permission = 'denied';
    await user.click(box);
    expect(await screen.findByText(PUSH_BLOCKED)).toBeInTheDocument();
    expect(box).toBeDisabled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it("route the app to a clicked notification's page, and only to a path of this site", async () => {
    server(KEY);
    const { router } = renderPortal('/profile');
    await toggle();
    const open = (path: string) =>
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'portal:open', path } }));
    open('//elsewhere.example/phish');
    open('https://elsewhere.example/');
    expect(router.state.location.pathname).toBe('/profile');
    open('/messages/thread/12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/thread/12'));
  });
});
