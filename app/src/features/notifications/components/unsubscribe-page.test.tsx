import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { fakeApi, renderPortal } from '@/testing/portal';

const TOKEN = 'abcdefghijklmnopqrstuv.wxyz0123456789';
const URL = `/api/v1/unsubscribe/${TOKEN}`;

beforeEach(() => {
  sessionStore.logout('user');
  localStorage.clear();
});

describe('/unsubscribe/:token, signed out', () => {
  it('says what will stop, and stops it only on the click', async () => {
    const calls = fakeApi((call) => {
      if (call.url === URL && call.method === 'GET')
        return {
          status: 200,
          data: { data: { kind: 'file', label: 'Files shared with you', email_masked: 'r***@demo.test' } },
        };
      if (call.url === URL && call.method === 'POST')
        return { status: 200, data: { data: { kind: 'file', label: 'Files shared with you', mail: false } } };
      return { status: 404, data: { message: 'Not found.' } };
    });
    renderPortal(`/unsubscribe/${TOKEN}`);
    expect(
      await screen.findByText('You will no longer get files shared with you by mail at r***@demo.test.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/no longer get files shared with you by mail/);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([URL]);
  });

  it('says a link that does not work is not valid', async () => {
    fakeApi(() => ({ status: 404, data: { message: 'This link is not valid.' } }));
    renderPortal(`/unsubscribe/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
