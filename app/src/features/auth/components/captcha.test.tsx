import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { fakeApi, renderPortal, testConfig } from '@/testing/portal';

const withCaptcha = {
  ...testConfig,
  integrations: { ...testConfig.integrations, captchaSiteKey: 'site-key-1' },
};
let solve: ((token: string) => void) | null = null;

beforeEach(() => {
  sessionStore.logout('user');
  localStorage.clear();
  // The provider's widget, faked: render() hands us the callback the real widget calls when solved.
  window.grecaptcha = {
    render: (_element, options) => {
      solve = options.callback as (token: string) => void;
      return 1;
    },
    reset: () => undefined,
  };
});
afterEach(() => {
  delete window.grecaptcha;
  solve = null;
});

describe('CAPTCHA (only when the tenant configures a site key)', () => {
  it('is absent without a site key', async () => {
    renderPortal('/login');
    await screen.findByLabelText('Email');
    expect(document.querySelector('.captcha')).toBeNull();
  });

  it('must be solved, and is verified by the API before the credentials are sent', async () => {
    const calls = fakeApi(({ url }) =>
      url === '/api/auth/verifyRecaptchaToken'
        ? { status: 200, data: { data: { enabled: true, success: true } } }
        : url === '/api/auth/loginotp'
          ? { status: 200, data: { data: { verified: false, user_id: 7, challenge: 'c' } } }
          : { status: 204 },
    );
    const user = userEvent.setup();
    renderPortal('/login', withCaptcha);
    await user.type(await screen.findByLabelText('Email'), 'client@demo.test');
    await user.type(screen.getByLabelText('Password'), 'portal-demo-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please confirm that you are not a robot.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    solve!('captcha-token');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByLabelText('One-time password');
    const urls = calls.map((c) => c.url);
    expect(urls.indexOf('/api/auth/verifyRecaptchaToken')).toBeLessThan(urls.indexOf('/api/auth/loginotp'));
    expect(calls[0]!.body).toEqual({ token: 'captcha-token' });
  });
});
