import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FLAG_NAMES } from '../../../../../contracts/training-flags';
import { apiUser, fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';

const ADMIN_ID = 900;

const person = (id: number, first_name: string, fields: Record<string, unknown> = {}) => ({
  id,
  email: `${first_name.toLowerCase()}@example.com`,
  first_name,
  last_name: 'Tester',
  role_id: 3,
  role: 'client',
  company_id: null,
  company: null,
  time_zone: null,
  flags: { group_coaching: null, flash_coaching: null, business_academy: null },
  effective_flags: { group_coaching: false, flash_coaching: false, business_academy: false },
  coach_id: null,
  coach_name: null,
  status: 'active',
  invitation: null,
  email_change: null,
  deactivated_at: null,
  created_at: '2030-01-02T00:00:00.000Z',
  updated_at: '2030-01-02T00:00:00.000Z',
  ...fields,
});

const invitation = (expired: boolean) => ({
  sent_at: '2030-01-02T00:00:00.000Z',
  expires_at: '2030-01-09T00:00:00.000Z',
  expired,
});

const PEOPLE = [
  person(1, 'Ada'),
  person(2, 'Ben', { status: 'pending', invitation: invitation(false) }),
  person(3, 'Cleo', { status: 'pending', invitation: invitation(true) }),
  person(4, 'Dan', { status: 'pending' }),
  person(5, 'Eve', { status: 'deactivated', deactivated_at: '2030-01-03T00:00:00.000Z' }),
  person(6, 'Finn', { role_id: 2, role: 'coach' }),
];

/** The admin API as the screens call it; `answer` may take a call first (a 422, a change). */
function serve(answer?: (call: FakeCall) => { status: number; data?: unknown } | undefined) {
  return fakeApi((call: FakeCall) => {
    const own = answer?.(call);
    if (own) return own;
    const [path, query = ''] = call.url.split('?');
    const params = new URLSearchParams(query);
    if (path === '/api/v1/admin/people' && call.method === 'GET') {
      const data = PEOPLE.filter(
        (p) =>
          (!params.get('role') || p.role === params.get('role')) &&
          (!params.get('status') || p.status === params.get('status')),
      );
      return { status: 200, data: { data, total: data.length, page: 1, per_page: 25 } };
    }
    const one = /^\/api\/v1\/admin\/people\/(\d+)$/.exec(path!);
    if (one && call.method === 'GET')
      return { status: 200, data: { data: PEOPLE.find((p) => p.id === Number(one[1])) } };
    if (path === '/api/v1/admin/companies') return { status: 200, data: { data: [] } };
    if (path === '/api/v1/admin/audit')
      return { status: 200, data: { data: [], total: 0, page: 1, per_page: 10 } };
    return gapiAnswer(call);
  });
}

beforeEach(() => {
  signInFresh(
    apiUser({ id: ADMIN_ID, role_id: 1, email: 'admin@demo.test', company: null, company_id: null }),
  );
});

describe('/admin (People)', () => {
  it('shows each status as the admin reads it, and filters by status through the API', async () => {
    const calls = serve();
    renderPortal('/admin');
    const row = async (name: string) =>
      (await screen.findByRole('link', { name: `${name} Tester` })).closest('tr')!;
    expect(await row('Ada')).toHaveTextContent('Active');
    expect(await row('Ben')).toHaveTextContent('Invitation pending');
    expect(await row('Cleo')).toHaveTextContent('Invitation expired');
    expect(await row('Dan')).toHaveTextContent('Not invited yet');
    expect(await row('Eve')).toHaveTextContent('Deactivated');
    expect(screen.getByText('6 people')).toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ada Tester' })).toBeNull());
    expect(calls.at(-1)?.url).toBe('/api/v1/admin/people?page=1&per_page=25&status=pending');
    expect(screen.getByText('3 people')).toBeInTheDocument();
  });
});

describe('/admin/people/new', () => {
  it("sends the person with each flag's choice (null for the tenant's default) and shows the API's problems beside the fields", async () => {
    const calls = serve((call) =>
      call.method === 'POST' && call.url === '/api/v1/admin/people'
        ? {
            status: 422,
            data: {
              message: 'The given data was invalid.',
              error: { email: ['Someone in this portal already has this email.'] },
            },
          }
        : undefined,
    );
    renderPortal('/admin/people/new');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Gus');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'New');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Coach' }), 'Finn Tester');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Flash coaching' }), 'off');
    await user.click(screen.getByRole('button', { name: 'Add the person' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Someone in this portal already has this email.')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/v1/admin/people')?.body).toEqual({
      first_name: 'Gus',
      last_name: 'New',
      email: 'ada@example.com',
      role_id: 3,
      company_id: null,
      time_zone: null,
      coach_id: 6,
      // Every flag of flags.schema.json is sent: the tenant's default (null) but the one chosen.
      flags: { ...Object.fromEntries(FLAG_NAMES.map((flag) => [flag, null])), flash_coaching: false },
      invite: true,
    });
  });
});

describe('/admin/people/{id}', () => {
  it('asks before deactivating (Cancel first), then deactivates', async () => {
    const calls = serve((call) =>
      call.method === 'POST' && call.url === '/api/v1/admin/people/1/deactivate'
        ? { status: 200, data: { data: { ...PEOPLE[0], status: 'deactivated' } } }
        : undefined,
    );
    renderPortal('/admin/people/1');
    await screen.findByRole('heading', { level: 1, name: 'Ada Tester' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.url.endsWith('/deactivate'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/deactivate'))).toBe(true),
    );
  });

  it('shows a new login email waiting for confirmation, which the admin can send again or cancel', async () => {
    const change = {
      email: 'ada.new@example.com',
      requested_at: '2030-01-02T00:00:00.000Z',
      expires_at: '2030-01-03T00:00:00.000Z',
      expired: false,
    };
    PEOPLE.push(person(7, 'Gus', { email_change: change }));
    try {
      const calls = serve((call) =>
        call.method === 'POST' && call.url.startsWith('/api/v1/admin/people/7/email-change/')
          ? { status: 200, data: { data: { ...PEOPLE.at(-1), email_change: null } } }
          : undefined,
      );
      renderPortal('/admin/people/7');
      const group = await screen.findByRole('group', { name: 'New login email waiting for confirmation' });
      expect(group).toHaveTextContent(
        'Gus still signs in with gus@example.com. The login email becomes ada.new@example.com when they open the link sent there',
      );
      // The form keeps the login email in force, not the one waiting.
      expect(screen.getByLabelText('Email')).toHaveValue('gus@example.com');
      const user = userEvent.setup();
      await user.click(within(group).getByRole('button', { name: 'Send the confirmation again' }));
      await user.click(within(group).getByRole('button', { name: 'Cancel the email change' }));
      await waitFor(() =>
        expect(calls.filter((c) => c.url.includes('/email-change/')).map((c) => c.url)).toEqual([
          '/api/v1/admin/people/7/email-change/resend',
          '/api/v1/admin/people/7/email-change/cancel',
        ]),
      );
    } finally {
      PEOPLE.pop();
    }
  });

  it('offers no deactivation of oneself', async () => {
    PEOPLE.push(person(ADMIN_ID, 'Me', { role_id: 1, role: 'admin' }));
    try {
      serve();
      renderPortal(`/admin/people/${ADMIN_ID}`);
      await screen.findByRole('heading', { level: 1, name: 'Me Tester' });
      expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    } finally {
      PEOPLE.pop();
    }
  });
});

describe('/admin/assignments', () => {
  it('asks for clients and a coach, then assigns the picked clients in one call', async () => {
    const calls = serve((call) =>
      call.method === 'POST' && call.url === '/api/v1/admin/assignments'
        ? { status: 200, data: { data: { changed: 2, unchanged: 0 } } }
        : undefined,
    );
    renderPortal('/admin/assignments');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign 0 picked' }));
    expect(await screen.findByText('Pick at least one client.')).toBeInTheDocument();
    expect(screen.getByText('Choose a coach, or no coach.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pick Ada Tester' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pick Ben Tester' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Coach' }), 'Finn Tester');
    await user.click(screen.getByRole('button', { name: 'Assign 2 picked' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/admin/assignments')?.body).toEqual({
        client_ids: [1, 2],
        coach_id: 6,
      }),
    );
  });
});

describe('/admin/audit', () => {
  const entry = (id: number, fields: Record<string, unknown>) => ({
    id,
    at: '2030-01-02T10:00:00.000Z',
    actor_name: 'Ada Admin',
    actor_user_id: ADMIN_ID,
    actor_key_id: null,
    action: 'person.updated',
    subject_type: 'person',
    subject_id: 1,
    person_id: 1,
    person_name: 'Ada Tester',
    summary: 'Changed flags of Ada Tester',
    before: null,
    after: null,
    ...fields,
  });
  const ENTRIES = [
    entry(2, {
      before: { flags: { group_coaching: true, flash_coaching: null, business_academy: false } },
      after: { flags: { group_coaching: true, flash_coaching: true, business_academy: null } },
    }),
    entry(1, {
      action: 'person.created',
      summary: 'Added Ada Tester',
      after: {
        email: 'ada@example.com',
        flags: { group_coaching: null, flash_coaching: false, business_academy: true },
      },
    }),
  ];

  it('lists one compact line an entry, its changes opened on demand, the flags in words', async () => {
    serve((call) =>
      call.url.startsWith('/api/v1/admin/audit')
        ? { status: 200, data: { data: ENTRIES, total: 2, page: 1, per_page: 25 } }
        : undefined,
    );
    renderPortal('/admin/audit');
    const list = await screen.findByRole('list', { name: 'Audit entries' });
    const [changed, added] = within(list).getAllByRole('listitem');
    expect(list).not.toHaveTextContent(/[{}"]/);
    // Closed until asked: a page of entries is a list of lines, not every change spelt out.
    const opener = within(changed!).getByText('Show the 2 changes');
    const details = opener.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.setup().click(opener);
    expect(details.open).toBe(true);
    // Only the flags that changed, named and set in words.
    const terms = within(details)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(terms).toEqual(['Flash coaching', 'The Business Academy']);
    expect(
      within(details)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['Tenant default → On', 'Off → Tenant default']);
    // A new person: every field and flag as set, without a "before".
    expect(within(added!).getByText('Show the 4 changes')).toBeInTheDocument();
    expect(
      within(added!)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['ada@example.com', 'Tenant default', 'Off', 'On']);
  });
});

describe("a client's billing on their page", () => {
  it('adjusts their credits with a reason, and refuses an adjustment of none beside the form', async () => {
    const sent: FakeCall[] = [];
    const balance = (available: number) => ({
      status: 200,
      data: { data: { client_id: 1, available, next_expiry: null, grants: [] } },
    });
    serve((call) => {
      if (call.url !== '/api/v1/admin/clients/1/credits') return undefined;
      if (call.method === 'GET') return balance(4);
      sent.push(call);
      return balance(6);
    });
    renderPortal('/admin/people/1');
    const billing = await screen.findByRole('region', { name: 'Billing' });
    expect(await within(billing).findByText(/session credits left/)).toHaveTextContent(
      '4 session credits left',
    );
    const user = userEvent.setup();
    await user.type(within(billing).getByLabelText('Credits (negative to take away)'), '0');
    await user.click(within(billing).getByRole('button', { name: 'Adjust' }));
    expect(within(billing).getByRole('alert')).toHaveTextContent('Enter how many credits to add');
    expect(sent).toHaveLength(0);
    await user.clear(within(billing).getByLabelText('Credits (negative to take away)'));
    await user.type(within(billing).getByLabelText('Credits (negative to take away)'), '2');
    await user.type(within(billing).getByLabelText('Reason'), 'Two sessions owed after the move');
    await user.click(within(billing).getByRole('button', { name: 'Adjust' }));
    expect(await within(billing).findByText(/session credits left/)).toHaveTextContent(
      '6 session credits left',
    );
    expect(sent.map((c) => c.body)).toEqual([{ quantity: 2, reason: 'Two sessions owed after the move' }]);
  });
});
