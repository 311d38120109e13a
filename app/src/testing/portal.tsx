/** Test helpers: a baked config, a brand, a fake API under the real API client, and the routed app. */
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { everyFlag } from '../../../contracts/training-flags';
import type { Brand, PortalConfig } from '@/lib/portal-config';
import { DEFAULT_COLORS } from '@/boot/theme';
import { PortalContext } from '@/lib/portal-context';
import { portalRoutes } from '@/app/routes';
import { configureApi } from '@/lib/api-client';
import { encode } from '@/lib/cipher';
import { STORAGE_KEYS, sessionStore } from '@/lib/session';

export const testConfig: PortalConfig = {
  tenantId: 1001,
  version: '7.2.2',
  name: 'Test Portal',
  domain: 'portal.test.localhost',
  apiUrl: '/',
  themeUrl: '/themes',
  defaultFlags: everyFlag(false),
  integrations: {
    analyticsContainerId: null,
    analyticsConsent: 'required',
    captchaSiteKey: null,
    stripePublishableKey: null,
    avatarService: false,
  },
  hashidsSalt: null,
  footer: {},
  environment: 'production',
};

export const testBrand: Brand = {
  key: null,
  colors: DEFAULT_COLORS,
  logo: null,
  loginBackground: null,
  favicon: null,
};

export function apiUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    first_name: 'Rachel',
    last_name: 'Kowalski',
    email: 'client@demo.test',
    company: 'Brightwater Plumbing',
    company_id: 3,
    website: null,
    role_id: 3,
    profile_pic: null,
    title: null,
    location: null,
    time_zone: 'America/Chicago',
    phone_number: null,
    birthday: null,
    facebook: null,
    twitter: null,
    linkedin: null,
    trainings: { group_coaching: true, flash_coaching: false, business_academy: false },
    access_token: 'token-1',
    pas_token: 'token-1',
    ...overrides,
  };
}

/** Writes a session to local storage the way the store does (restore() then reads it). */
export function storeSession(user = apiUser()): void {
  localStorage.setItem(STORAGE_KEYS.token, user.access_token as string);
  localStorage.setItem(STORAGE_KEYS.backupToken, user.access_token as string);
  localStorage.setItem(STORAGE_KEYS.user, encode(user));
}

/** A test's start as a signed-in person, with no session or stored answer left by the test before it. */
export function signInFresh(user = apiUser()): void {
  sessionStore.logout('user');
  localStorage.clear();
  sessionStore.signIn(user);
}

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
  /** Only on a call that asked to outlive the page (fetch's keepalive). */
  keepalive?: true;
}

/** An answer of the fake network: JSON `data` (or a Blob, sent as it is) and the response's `headers`. */
type FakeAnswer = { status: number; data?: unknown; headers?: Record<string, string> };
export type FakeRoute = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

type Send = (url: string, init: RequestInit) => Promise<Response>;

/**
 * XMLHttpRequest as the API client's upload path uses it, answered by `send`: the whole body counts as sent
 * (one progress event) before the answer is read.
 */
function fakeXhr(send: Send) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    readonly upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly sent: Record<string, string> = {};
    private received = new Headers();
    private done = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.sent[name] = value;
    }

    getAllResponseHeaders() {
      return [...this.received].map(([name, value]) => `${name}: ${value}\r\n`).join('');
    }

    abort() {
      this.end(this.onabort);
    }

    send(body: BodyInit | null) {
      send(this.url, { method: this.method, headers: this.sent, body }).then(
        async (response) => {
          this.upload.onprogress?.({ loaded: 1, total: 1 });
          this.status = response.status;
          this.received = response.headers;
          this.responseText = await response.text();
          this.end(this.onload);
        },
        () => this.end(this.onerror),
      );
    }

    private end(handler: (() => void) | null) {
      if (this.done) return;
      this.done = true;
      handler?.();
      this.onloadend?.();
    }
  };
}

/**
 * Replaces the network under the real API client (fetch, and XMLHttpRequest for an upload's progress), so the
 * client's own headers, parsing and error handling run; returns the calls made. A route that throws is a
 * network failure, as when the API cannot be reached; an aborted signal rejects the call as fetch does.
 */
export function fakeApi(route: FakeRoute): FakeCall[] {
  configureApi({ apiUrl: testConfig.apiUrl, tenantId: testConfig.tenantId });
  const calls: FakeCall[] = [];
  const answer = async (call: FakeCall): Promise<Response> => {
    const { status, data, headers = {} } = await route(call);
    const blob = data instanceof Blob;
    const type = blob ? data.type : data === undefined ? '' : 'application/json';
    return new Response(blob ? data : data === undefined ? null : JSON.stringify(data), {
      status,
      headers: { ...(type ? { 'Content-Type': type } : {}), ...headers },
    });
  };
  const send: Send = (url, init) => {
    const call: FakeCall = {
      method: init.method ?? 'GET',
      url,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
      headers: { ...(init.headers as Record<string, string>) },
      ...(init.keepalive ? { keepalive: true as const } : {}),
    };
    calls.push(call);
    const { signal } = init;
    if (signal?.aborted) return Promise.reject(new DOMException('The call was aborted.', 'AbortError'));
    const aborted = new Promise<never>((_, reject) =>
      signal?.addEventListener('abort', () =>
        reject(new DOMException('The call was aborted.', 'AbortError')),
      ),
    );
    return Promise.race([answer(call), aborted]);
  };
  globalThis.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) =>
    send(String(input), init)) as typeof fetch;
  globalThis.XMLHttpRequest = fakeXhr(send) as unknown as typeof XMLHttpRequest;
  return calls;
}

/**
 * /gapi as the API answers it: exactly the root fields the query asks for. By default the signed-in member
 * (token fields left out), no unread mail and no lesson meetings; `answers` replaces any of them.
 */
export function gapiAnswer(call: FakeCall, answers: Record<string, unknown> = {}) {
  const query = String((call.body as { query?: unknown }).query);
  const user = sessionStore.get()?.user;
  const { access_token: _a, pas_token: _p, ...member } = user ?? { access_token: '', pas_token: '' };
  const fields: Record<string, unknown> = {
    member: user ? member : null,
    unreademails: 0,
    lessonMeetingSearch: [],
    ...answers,
  };
  const asked = Object.entries(fields).filter(([field]) => new RegExp(`\\b${field}\\s*\\(`).test(query));
  return { status: 200, data: { data: Object.fromEntries(asked) } };
}

/** The shell's one poll (lib/badge.ts): the bell's and the side menu's counts. */
export const BADGE_URL = '/api/v1/notifications/badge';

export const badgeAnswer = (messages: number, notifications = 0) => ({
  status: 200,
  data: { data: { messages, notifications } },
});

export function renderPortal(path: string, config: PortalConfig = testConfig) {
  const router = createMemoryRouter(portalRoutes({ updateAvailable: false }), { initialEntries: [path] });
  const view = render(
    <PortalContext.Provider value={{ config, brand: testBrand }}>
      <RouterProvider router={router} />
    </PortalContext.Provider>,
  );
  return { ...view, router };
}
