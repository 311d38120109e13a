import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectConsole } from '@/testing/console';
import { coachApi, signInCoach } from '@/testing/coach-pages';
import { renderPortal } from '@/testing/portal';
import type { Library } from '../api/get-library';

const LOAD = { timeout: 5000 };
const URL = '/api/v1/coach/resources';

const library = (fields: Partial<Library> = {}): Library => ({
  resources: [],
  audiences: {
    clients: [{ id: 3, first_name: 'Rachel', last_name: 'Kowalski' }],
    companies: [{ id: 4, name: 'Brightwater Plumbing' }],
    groups: [{ id: 7, title: 'Profit Accelerator' }],
  },
  ...fields,
});

beforeEach(signInCoach);

describe("the coach's library", () => {
  it('says when it is empty, and refuses a link without a title or an http(s) address, sending nothing', async () => {
    const calls = coachApi((call) =>
      call.url === URL ? { status: 200, data: { data: library() } } : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/coach/resources');
    expect(
      await screen.findByText('Your library is empty. Add a link or a file above.', {}, LOAD),
    ).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add a link' });
    await user.type(within(form).getByLabelText('Address'), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Add link' }));
    expect(await within(form).findByText('Give the link a title.')).toBeTruthy();
    expect(within(form).getByText('Give an address starting with https://.')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith(URL) && c.method === 'POST')).toEqual([]);
  });

  it('shares a resource with the chosen group, naming whom it is shared with', async () => {
    const link = {
      id: 9,
      title: 'Menu pricing guide',
      kind: 'link' as const,
      url: 'https://example.org/menu',
      file: null,
      created_at: '2026-11-20T10:00:00.000Z',
      shares: [],
    };
    let shared = false;
    const calls = coachApi((call) => {
      if (call.url === URL)
        return {
          status: 200,
          data: {
            data: library({
              resources: [
                shared
                  ? {
                      ...link,
                      shares: [{ id: 1, audience: 'group', target_id: 7, name: 'Profit Accelerator' }],
                    }
                  : link,
              ],
            }),
          },
        };
      if (call.url === `${URL}/9/shares`) {
        shared = true;
        return { status: 200, data: { data: link } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPortal('/coach/resources');
    const form = await screen.findByRole('form', { name: 'Share “Menu pricing guide”' }, LOAD);
    await user.selectOptions(within(form).getByLabelText('Share with'), 'group');
    await user.click(within(form).getByRole('button', { name: 'Share' }));
    expect(await within(form).findByText('Choose a group.')).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText('A group'), '7');
    await user.click(within(form).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Shared with Profit Accelerator', { exact: false }, LOAD)).toBeTruthy();
    expect(calls.find((c) => c.url === `${URL}/9/shares`)?.body).toEqual({ audience: 'group', target_id: 7 });
  });

  it('shows what could not be loaded', async () => {
    coachApi((call) => (call.url === URL ? { status: 500, data: {} } : undefined));
    expectConsole('error', /^API error GET \/api\/v1\/coach\/resources /);
    renderPortal('/coach/resources');
    expect(await screen.findByText(/Your library could not be loaded/, {}, LOAD)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
