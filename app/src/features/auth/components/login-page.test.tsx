import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceToken, sessionStore } from '@/lib/session';
import { apiUser, fakeApi, gapiAnswer, renderPortal, type FakeCall } from '@/testing/portal';
import { OTP_SENT } from './login-page';

const challenge = { verified: false, user_id: 7, challenge: 'chal-1', expires_in: 300, resend_in: 60 };

function server(options: { trusted?: boolean; wrongOtp?: boolean } = {}): FakeCall[] {
  return fakeApi((call) => {
    const { method, url } = call;
    const b = call.body as Record<string, unknown>;
    if (url === '/sanctum/csrf-cookie') return { status: 204 };
    if (url === '/api/auth/loginotp') {
      if (b.password !== 'portal-demo-1') {
        return { status: 422, data: { error: { email: ['These credentials do not match our records.'] } } };
      }
      return {
        status: 200,
        data: { data: options.trusted ? { verified: true, user_id: 7 } : challenge, encoded: 'x' },
      };
    }
    if (url === '/api/auth/studentlogin') return { status: 200, data: { data: apiUser() } };
    if (url === '/api/auth/generateOTP')
      return { status: 200, data: { data: { sent: true }, message: OTP_SENT } };
    if (url === '/api/v1/verifyOTP') {
      if (options.wrongOtp) return { status: 422, data: { error: { otp: ['That code is not right.'] } } };
      return {
        status: 200,
        data: { data: apiUser(), device_token: 'device-1', device_expires_at: '2026-12-21T00:00:00Z' },
      };
    }
    if (url === '/gapi') return gapiAnswer(call);
    return { status: 404, data: { message: `No fake for ${method} ${url}` } };
  });
}

beforeEach(() => {
  sessionStore.logout('user');
  localStorage.clear();
});

async function submitCredentials(password = 'portal-demo-1') {
  const user = userEvent.setup();
  renderPortal('/login');
  await user.type(await screen.findByLabelText('Email'), 'client@demo.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('login with a one-time password (SPEC §4)', () => {
  it('shows the OTP form only after an OTP was generated, then signs in', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderPortal('/login');
    await user.type(await screen.findByLabelText('Email'), 'client@demo.test');
    await user.type(screen.getByLabelText('Password'), 'portal-demo-1');
    expect(screen.queryByLabelText('One-time password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const otp = await screen.findByLabelText('One-time password');
    expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    expect(await screen.findByText(OTP_SENT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP (300)' })).toBeDisabled();

    await user.type(otp, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    // The sign-in step is over: its toast goes with it instead of lingering over the portal. (A dismissed toast
    // drops its alert role at once; happy-dom never ends the exit animation that then removes it.)
    await waitFor(() =>
      expect(screen.queryAllByRole('alert').filter((toast) => toast.textContent?.includes(OTP_SENT))).toEqual(
        [],
      ),
    );
    expect(sessionStore.get()?.token).toBe('token-1');
    expect(deviceToken.get()).toBe('device-1');
    const verify = calls.find((c) => c.url === '/api/v1/verifyOTP')!;
    expect(verify.body).toMatchObject({ user_id: 7, challenge: 'chal-1', otp: '123456' });
    expect(calls.map((c) => c.url)).not.toContain('/api/auth/studentlogin');
  });

  // The expiry is the API's (otp-service's ttl, answered as expires_in): the screen writes no number of its own.
  it('says how long the code works as the API answered, and again after a resend', async () => {
    fakeApi(({ url }) => {
      if (url === '/api/auth/loginotp')
        return { status: 200, data: { data: { ...challenge, expires_in: 600, resend_in: 0 }, encoded: 'x' } };
      if (url === '/api/auth/generateOTP')
        return {
          status: 200,
          data: { data: { sent: true, expires_in: 60, resend_in: 0 }, message: OTP_SENT },
        };
      return { status: 204 };
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = await submitCredentials();
      await screen.findByLabelText('One-time password');
      expect(screen.getByText(/It works once and expires in 10 minutes\./)).toBeInTheDocument();
      // Past the resend counter (SPEC §9's 300 s, the app's own): the counter reads the wall clock.
      vi.setSystemTime(Date.now() + 301_000);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
      expect(await screen.findByText(/It works once and expires in 1 minute\./)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a trusted device skips the OTP: loginotp answers verified, studentlogin signs in', async () => {
    deviceToken.set('device-1');
    const calls = server({ trusted: true });
    await submitCredentials();
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/loginotp')!.body).toMatchObject({
      device_token: 'device-1',
    });
    expect(calls.find((c) => c.url === '/api/auth/studentlogin')!.body).toMatchObject({
      email: 'client@demo.test',
      device_token: 'device-1',
    });
  });

  it('keeps what was typed when the credentials are refused, and says why', async () => {
    server();
    await submitCredentials('wrong-password');
    const refused = 'These credentials do not match our records.';
    // Beside the field the API names, once: not again in a toast.
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(refused));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(refused)).toHaveLength(1);
    expect(screen.getByLabelText('Email')).toHaveValue('client@demo.test');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-password');
    expect(screen.queryByLabelText('One-time password')).toBeNull();
  });

  it('keeps the OTP form after a wrong code', async () => {
    server({ wrongOtp: true });
    const user = await submitCredentials();
    await user.type(await screen.findByLabelText('One-time password'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByLabelText('One-time password')).toHaveAccessibleDescription(
        'That code is not right.',
      ),
    );
    expect(screen.getAllByText('That code is not right.')).toHaveLength(1);
    expect(screen.getByLabelText('One-time password')).toHaveValue('000000');
    expect(sessionStore.get()).toBeNull();
  });

  it('checks the fields before calling the API', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderPortal('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
