import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUser, fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';

const client = (id: number, first_name: string, last_name: string, company: string | null, unread = 0) => ({
  id,
  first_name,
  last_name,
  email: `${first_name.toLowerCase()}@example.com`,
  time_zone: 'America/Chicago',
  company: company ? { id: id * 10, name: company } : null,
  since: '2030-01-02T00:00:00.000Z',
  counts: { unread, open_steps: 4, overdue: 1 },
  next_meeting_at: id === 1 ? '2030-11-25T22:00:00.000Z' : null,
});

const ALL = [client(1, 'Rachel', 'Kowalski', 'Brightwater Plumbing', 2), client(2, 'Omar', 'Haddad', null)];

/** The API's answer to the list: filtered by `search` as the API would, in the order the caller asked. */
function serve() {
  return fakeApi((call: FakeCall) => {
    if (!call.url.startsWith('/api/v1/coach/clients')) return gapiAnswer(call);
    const params = new URLSearchParams(call.url.split('?')[1]);
    const search = (params.get('search') ?? '').toLowerCase();
    const data = ALL.filter((c) =>
      `${c.first_name} ${c.last_name} ${c.email}`.toLowerCase().includes(search),
    );
    if (params.get('order') === 'desc') data.reverse();
    return { status: 200, data: { data, total: data.length } };
  });
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Your clients' }))
    .getAllByRole('link')
    .map((link) => link.querySelector('.clients-name')?.textContent);

beforeEach(() => {
  signInFresh(apiUser({ role_id: 2, email: 'coach@demo.test', time_zone: 'America/Chicago' }));
});

describe('/coach/clients', () => {
  it('lists each client as one link with their counts, and the total', async () => {
    serve();
    renderPortal('/coach/clients');
    const rachel = await screen.findByRole('link', { name: /Rachel Kowalski/ });
    expect(rachel).toHaveAttribute('href', '/coach/clients/1');
    expect(rachel).toHaveTextContent('Brightwater Plumbing');
    expect(rachel).toHaveTextContent('2 unread');
    expect(rachel).toHaveTextContent('4 open steps');
    expect(rachel).toHaveTextContent('1 overdue');
    expect(rachel).toHaveTextContent('Next meeting 4:00 pm, Monday, November 25th, 2030');
    expect(screen.getByRole('link', { name: /Omar Haddad/ })).toHaveTextContent('No meeting booked');
    expect(screen.getByText('2 clients')).toBeInTheDocument();
  });

  it('searches once the typing pauses and keeps search and sort in the address', async () => {
    const calls = serve();
    const { router } = renderPortal('/coach/clients');
    await screen.findByRole('link', { name: /Omar Haddad/ });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'rach');
    await waitFor(() => expect(router.state.location.search).toBe('?q=rach'));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Omar Haddad/ })).toBeNull());
    expect(screen.getByText('1 client found')).toBeInTheDocument();
    // One request for the pause, not one per letter.
    const searches = calls.filter(
      (c) => c.url.startsWith('/api/v1/coach/clients') && c.url.includes('search='),
    );
    expect(searches.map((c) => c.url)).toEqual(['/api/v1/coach/clients?sort=name&order=asc&search=rach']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'unread');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'desc');
    await waitFor(() => expect(router.state.location.search).toBe('?q=rach&sort=unread&order=desc'));
    expect(calls.at(-1)?.url).toBe('/api/v1/coach/clients?sort=unread&order=desc&search=rach');
  });

  it('reads search and sort from the address, as after a reload or back', async () => {
    const calls = serve();
    renderPortal('/coach/clients?sort=company&order=desc');
    await screen.findByRole('link', { name: /Omar Haddad/ });
    expect(listed()).toEqual(['Omar Haddad', 'Rachel Kowalski']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('company');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('desc');
    expect(calls.find((c) => c.url.startsWith('/api/v1/coach/clients'))?.url).toBe(
      '/api/v1/coach/clients?sort=company&order=desc',
    );
  });

  it('says when nothing matches, and clearing the search lists everyone again', async () => {
    serve();
    const { router } = renderPortal('/coach/clients?q=zebra');
    expect(await screen.findByText('No client matches “zebra”.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('zebra');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByRole('link', { name: /Omar Haddad/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('says when no client is assigned yet', async () => {
    fakeApi((call) =>
      call.url.startsWith('/api/v1/coach/clients')
        ? { status: 200, data: { data: [], total: 0 } }
        : gapiAnswer(call),
    );
    renderPortal('/coach/clients');
    expect(await screen.findByText('No clients are assigned to you yet.')).toBeInTheDocument();
  });
});
