import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceToken, sessionStore } from '@/lib/session';
import { apiUser, fakeApi, gapiAnswer, renderPortal } from '@/testing/portal';
import { LINK_NEEDS_PASSWORD } from './credentials-form';
import { LINK_SENT } from './login-page';

beforeEach(() => {
  sessionStore.logout('user');
  localStorage.clear();
});

describe('password reset', () => {
  it('requests the reset mail and says what happens next', async () => {
    const message = 'If an account exists for that email, we have sent a link to reset its password.';
    const calls = fakeApi(() => ({ status: 200, data: { data: { sent: true }, message } }));
    const user = userEvent.setup();
    renderPortal('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await user.type(await screen.findByLabelText('Email'), 'client@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(message);
    expect(calls[0]).toMatchObject({ url: '/api/password/create', body: { email: 'client@demo.test' } });
  });

  it('sets the new password with the token from the link, after checking both entries match', async () => {
    const calls = fakeApi(() => ({ status: 200, data: { data: { reset: true }, message: 'Done, log in.' } }));
    const user = userEvent.setup();
    const { router } = renderPortal('/reset/tok-123');
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm the new password'), 'a-different-one');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('Confirm the new password'));
    await user.type(screen.getByLabelText('Confirm the new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(calls[0]).toMatchObject({
      url: '/api/password/reset',
      body: { token: 'tok-123', password: 'a-new-password', password_confirmation: 'a-new-password' },
    });
  });
});

describe('a reset link opened while signed in', () => {
  it('shows the reset form, not the home page, and signs out once the password is changed', async () => {
    sessionStore.signIn(apiUser());
    const calls = fakeApi((call) =>
      call.url === '/gapi'
        ? gapiAnswer(call)
        : { status: 200, data: { data: { reset: true }, message: 'Done, log in.' } },
    );
    const user = userEvent.setup();
    const { router } = renderPortal('/reset/tok-9');
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    expect(router.state.location.pathname).toBe('/reset/tok-9');
    // Signed in, so SPEC §2's footer shows.
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/· version: 7\.2\.2$/);
    await user.type(screen.getByLabelText('Confirm the new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(calls.find((c) => c.url === '/api/password/reset')!.body).toMatchObject({ token: 'tok-9' });
    expect(sessionStore.get()).toBeNull();
  });
});

describe('the footer (SPEC §2: only when signed in)', () => {
  it.each(['/login', '/forgot-password', '/reset/tok-1', '/fbslogin/link-1'])(
    'is not on %s for a signed-out visitor',
    async (path) => {
      fakeApi(() => ({ status: 404, data: { message: 'This sign-in link is invalid.' } }));
      renderPortal(path);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('contentinfo')).toBeNull();
    },
  );
});

describe('a sign-in link instead of the OTP', () => {
  it('mails the link through loginotpfbs and says so', async () => {
    const calls = fakeApi(({ url }) =>
      url === '/api/auth/loginotpfbs'
        ? { status: 200, data: { data: { verified: false, user_id: 7, otp: 'ref-1', expires_in: 900 } } }
        : { status: 204 },
    );
    const user = userEvent.setup();
    renderPortal('/login');
    await user.type(await screen.findByLabelText('Email'), 'client@demo.test');
    await user.type(screen.getByLabelText('Password'), 'portal-demo-1');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link instead of a code' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(await screen.findByText(LINK_SENT)).toBeInTheDocument();
    // How long the link works is the API's answer (expires_in), not a number of the page's.
    expect(screen.getByRole('status')).toHaveTextContent(/it works once, within 15 minutes\.$/);
    expect(calls.find((c) => c.url === '/api/auth/loginotpfbs')!.body).toMatchObject({
      email: 'client@demo.test',
    });
    expect(calls.map((c) => c.url)).not.toContain('/api/auth/loginotp');
    expect(screen.queryByLabelText('One-time password')).toBeNull();
  });

  it('asks for the password too, saying the link replaces the code, not the password (SPEC §7)', async () => {
    const calls = fakeApi(() => ({ status: 204 }));
    const user = userEvent.setup();
    renderPortal('/login');
    await user.type(await screen.findByLabelText('Email'), 'client@demo.test');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link instead of a code' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(LINK_NEEDS_PASSWORD);
    expect(calls).toHaveLength(0);
  });
});

describe('/fbslogin/{token}', () => {
  it('exchanges the link for a session and trusts the device', async () => {
    const calls = fakeApi((call) =>
      call.url === '/gapi'
        ? gapiAnswer(call)
        : { status: 200, data: { data: apiUser(), device_token: 'device-9' } },
    );
    renderPortal('/fbslogin/link-1');
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/fbslogin')).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ token: 'link-1' });
    expect(deviceToken.get()).toBe('device-9');
  });

  it('explains a dead link and offers the login page', async () => {
    const dead = 'This sign-in link is invalid, used or expired. Please log in again.';
    fakeApi(() => ({ status: 404, data: { message: dead } }));
    renderPortal('/fbslogin/used');
    expect(await screen.findByText(dead)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Sign in with your email/ })).toHaveAttribute('href', '/login');
    expect(sessionStore.get()).toBeNull();
  });
});
