/** Test helpers: a baked config, a brand, a fake API behind the real axios instance, and the routed app. */
import { render } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { everyFlag } from '../../../contracts/training-flags';
import type { Brand, PortalConfig } from '@/lib/portal-config';
import { DEFAULT_COLORS } from '@/boot/theme';
import { PortalContext } from '@/lib/portal-context';
import { portalRoutes } from '@/app/routes';
import { api, configureApi } from '@/lib/api-client';
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
  headers: Record<string, unknown>;
}

/** An answer of the fake network; `headers` are the response's (lower-case names, as axios gives them). */
type FakeAnswer = { status: number; data?: unknown; headers?: Record<string, string> };
export type FakeRoute = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

/** Replaces the network under the real axios instance (interceptors included); returns the calls made. */
export function fakeApi(route: FakeRoute): FakeCall[] {
  configureApi({ apiUrl: testConfig.apiUrl, tenantId: testConfig.tenantId });
  const calls: FakeCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data;
    const call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body,
      headers: config.headers.toJSON() as Record<string, unknown>,
    };
    calls.push(call);
    if (config.signal?.aborted)
      throw Object.assign(new Error('canceled'), { __CANCEL__: true, code: 'ERR_CANCELED' });
    const { status, data, headers = {} } = await route(call);
    const response = { data, status, statusText: String(status), headers, config, request: {} };
    // As axios's own adapters: a status the call accepts (validateStatus) is an answer, not an error.
    if (config.validateStatus ? config.validateStatus(status) : status >= 200 && status < 300)
      return response;
    const { AxiosError } = await import('axios');
    throw new AxiosError(
      `Request failed with status code ${status}`,
      'ERR_BAD_RESPONSE',
      config,
      {},
      response,
    );
  };
  api.defaults.adapter = adapter;
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

export function renderPortal(path: string, config: PortalConfig = testConfig) {
  const router = createMemoryRouter(portalRoutes({ updateAvailable: false }), { initialEntries: [path] });
  const view = render(
    <PortalContext.Provider value={{ config, brand: testBrand }}>
      <RouterProvider router={router} />
    </PortalContext.Provider>,
  );
  return { ...view, router };
}
