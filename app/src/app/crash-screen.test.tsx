import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeUserId } from '@/features/help/api/report-error';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session';
import { apiUser, fakeApi, testBrand, testConfig } from '@/testing/portal';
import CrashScreen, { REPORTED } from './crash-screen';
import { PortalContext } from '@/lib/portal-context';
import { RouteError } from './route-error';

function Boom(): never {
  throw new Error('Cannot read the lesson');
}

function renderCrash(environment: 'production' | 'development' = 'production') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/notes', element: <Boom />, errorElement: <CrashScreen /> },
    ],
    { initialEntries: ['/notes'] },
  );
  render(
    <PortalContext.Provider value={{ config: { ...testConfig, environment }, brand: testBrand }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastContainer />
      </QueryClientProvider>
    </PortalContext.Provider>,
  );
  return router;
}

beforeEach(() => {
  sessionStore.logout('user');
  localStorage.clear();
  // React and the router log every caught render error; here the error is the point of the test.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the crash screen (SPEC §2, §4)', () => {
  it('shows the texts and the details, without the stack in production', async () => {
    renderCrash();
    expect(await screen.findByRole('heading', { name: 'Errors' })).toBeInTheDocument();
    expect(screen.getByText("Oops! looks like you've run into an error.")).toBeInTheDocument();
    expect(screen.getByText('Cannot read the lesson')).toBeInTheDocument();
    expect(document.querySelector('pre')).toBeNull();
    expect(screen.getByRole('button', { name: 'Return Home' })).toBeEnabled();
  });

  it('shows the stack in development builds', async () => {
    renderCrash('development');
    await screen.findByRole('heading', { name: 'Errors' });
    expect(document.querySelector('pre')?.textContent).toContain('Boom');
  });

  it('reports once with the encoded user id, then logs out and returns to / after 3000 ms', async () => {
    sessionStore.signIn(apiUser());
    const calls = fakeApi(() => ({ status: 201, data: { data: { id: 1 } } }));
    const router = renderCrash();
    const report = await screen.findByRole('button', { name: 'Report this Error' });
    await userEvent.click(report);
    expect(report).toBeDisabled();
    expect(await screen.findByText(REPORTED)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/users/error/logs/' });
    const body = calls[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      pathname: window.location.pathname,
      host: window.location.host,
      user_id: await encodeUserId(7, testConfig.domain),
    });
    expect(body.user_id).not.toBe('7');
    expect(String(body.message)).toContain('Cannot read the lesson');
    expect(String(body.subject)).toContain('Cannot read the lesson');
    expect(sessionStore.get()).not.toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(sessionStore.get()).toBeNull();
  });

  it('Return Home navigates to /', async () => {
    const router = renderCrash();
    await userEvent.click(await screen.findByRole('button', { name: 'Return Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe("the router's fallback", () => {
  it("shows 'Unexpected Application Error!'", async () => {
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });
});
