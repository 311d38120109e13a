import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Offering } from '../../../../../contracts/rest/billing';
import { apiUser, fakeApi, gapiAnswer, renderPortal, signInFresh, type FakeCall } from '@/testing/portal';

const sold: Offering = {
  id: 3,
  coach: { id: 1, name: 'Margaret Okafor' },
  kind: 'package',
  title: 'Grow the bakery: 8 sessions',
  description: '',
  meeting_type: null,
  sessions: 8,
  valid_months: 6,
  interval: null,
  instalments: null,
  price: 104000,
  instalment: null,
  currency: 'usd',
  audience: 'clients',
  group: null,
  invited: [],
  active: true,
  created_at: '2026-06-01T10:00:00.000Z',
};

const clients = [
  { id: 21, first_name: 'Ada', last_name: 'Baker' },
  { id: 22, first_name: 'Ben', last_name: 'Cole' },
];

function serve(refuse = false, refuseInvitations = false) {
  const sent: FakeCall[] = [];
  // What the last save made, as the invitations' answer repeats it.
  let made: Offering = invitedOnly;
  fakeApi((call) => {
    const method = call.method.toUpperCase();
    if (/^\/api\/v1\/(coach|admin)\/offerings$/.test(call.url) && method === 'GET')
      return { status: 200, data: { data: [sold, invitedOnly] } };
    if (call.url === '/api/v1/coach/groups')
      return { status: 200, data: { data: [{ id: 7, title: 'Morning bakers', members: 4, lessons: 2 }] } };
    if (call.url === '/api/v1/admin/groups')
      return { status: 200, data: { data: [{ id: 8, title: 'Every coach’s circle' }] } };
    if (call.url === '/api/v1/coach/clients') return { status: 200, data: { data: clients, total: 2 } };
    if (call.url.startsWith('/api/v1/admin/people?'))
      return { status: 200, data: { data: clients, total: 2, page: 1, per_page: 100 } };
    if (call.url.endsWith('/invitations')) {
      sent.push(call);
      return refuseInvitations
        ? {
            status: 422,
            data: {
              message: 'The given data was invalid.',
              error: { client_ids: ['These are not your clients: 22.'] },
            },
          }
        : {
            status: 200,
            data: {
              data: { ...made, invited: (call.body as { client_ids: number[] }).client_ids },
            },
          };
    }
    if (call.url === '/api/v1/coach/meeting-types')
      return {
        status: 200,
        data: { data: [{ id: 9, name: 'Coaching session', active: true }] },
      };
    if (/^\/api\/v1\/(coach|admin)\/offerings/.test(call.url)) {
      sent.push(call);
      return refuse
        ? { status: 422, data: { message: 'The given data was invalid.', error: { price: ['Too much.'] } } }
        : { status: 201, data: { data: (made = { ...sold, ...(call.body as object), id: 4, invited: [] }) } };
    }
    if (call.url === '/gapi') return gapiAnswer(call);
    return { status: 404, data: { message: 'Not found.' } };
  });
  return sent;
}

const invitedOnly: Offering = { ...sold, id: 5, title: 'Inner circle', audience: 'invited', invited: [21] };

beforeEach(() => {
  signInFresh(apiUser({ role_id: 2, email: 'coach@demo.test' }));
});

describe('/coach/offerings', () => {
  it('lists what is sold and adds a plan, its price typed in dollars and sent in cents', async () => {
    const sent = serve();
    renderPortal('/coach/offerings');
    const table = await screen.findByRole('table', { name: 'Offerings' });
    expect(within(table).getByRole('row', { name: /Grow the bakery: 8 sessions/ })).toHaveTextContent(
      '$1,040.00',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New offering' }));
    await user.selectOptions(screen.getByLabelText('What it is'), 'plan');
    // A plan's fields, not a package's or a subscription's.
    expect(screen.queryByLabelText('Billed')).toBeNull();
    await user.type(screen.getByLabelText('Title'), 'Leadership plan');
    await user.type(screen.getByLabelText('Monthly instalments'), '1');
    await user.type(screen.getByLabelText('Total price (USD, tax included)'), '1200.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Beside its field, and nothing is sent.
    expect(screen.getByText('A plan has 2 to 24 monthly instalments.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await user.clear(screen.getByLabelText('Monthly instalments'));
    await user.type(screen.getByLabelText('Monthly instalments'), '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Leadership plan saved.')).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({
      kind: 'plan',
      title: 'Leadership plan',
      instalments: 6,
      interval: 'month',
      price: 120050,
      sessions: null,
      audience: 'clients',
    });
  });

  it('keeps what was typed when the server refuses it', async () => {
    serve(true);
    renderPortal('/coach/offerings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New offering' }));
    await user.type(screen.getByLabelText('Title'), 'Six sessions');
    await user.type(screen.getByLabelText('Sessions'), '6');
    await user.type(screen.getByLabelText('Credits last (months)'), '6');
    await user.type(screen.getByLabelText('Price (USD, tax included)'), '900');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too much.', { selector: '.field-error' })).toBeTruthy();
    expect(screen.getByLabelText('Title')).toHaveValue('Six sessions');
    expect(screen.getByLabelText('Price (USD, tax included)')).toHaveValue('900');
  });
});

describe('who may buy an offering', () => {
  it('sells to one of the coach’s groups, and says so on the list', async () => {
    const sent = serve();
    renderPortal('/coach/offerings');
    const table = await screen.findByRole('table', { name: 'Offerings' });
    // The invited are named on the list.
    expect(await within(table).findByRole('row', { name: /Inner circle/ })).toHaveTextContent(
      'Invited: Ada Baker',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New offering' }));
    await user.selectOptions(screen.getByLabelText('What it is'), 'session');
    await user.type(screen.getByLabelText('Title'), 'One for the group');
    await user.type(screen.getByLabelText('Price (USD, tax included)'), '80');
    await user.selectOptions(screen.getByLabelText('Who may buy it'), 'group');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Choose the group.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await user.selectOptions(await screen.findByLabelText('Group'), 'Morning bakers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('One for the group saved.')).toBeTruthy();
    expect(sent.map((c) => `${c.method.toUpperCase()} ${c.url}`)).toEqual(['POST /api/v1/coach/offerings']);
    expect(sent[0]!.body).toMatchObject({ audience: 'group', group_id: 7 });
  });

  it('saves a new offering, then whom it invites', async () => {
    const sent = serve();
    renderPortal('/coach/offerings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New offering' }));
    await user.selectOptions(screen.getByLabelText('What it is'), 'session');
    await user.type(screen.getByLabelText('Title'), 'Private hour');
    await user.type(screen.getByLabelText('Price (USD, tax included)'), '150');
    await user.selectOptions(screen.getByLabelText('Who may buy it'), 'invited');
    const picker = screen.getByRole('group', { name: 'Invited clients' });
    // The search narrows the list; a choice stays listed whatever is searched.
    await user.type(within(picker).getByLabelText('Find a client'), 'ben');
    expect(within(picker).queryByLabelText('Ada Baker')).toBeNull();
    await user.click(await within(picker).findByLabelText('Ben Cole'));
    await user.clear(within(picker).getByLabelText('Find a client'));
    await user.type(within(picker).getByLabelText('Find a client'), 'ada');
    await user.click(within(picker).getByLabelText('Ada Baker'));
    expect(within(picker).getByLabelText('Ben Cole')).toBeChecked();
    expect(within(picker).getByText('2 clients invited.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Private hour saved.')).toBeTruthy();
    expect(sent.map((c) => `${c.method.toUpperCase()} ${c.url}`)).toEqual([
      'POST /api/v1/coach/offerings',
      'PUT /api/v1/coach/offerings/4/invitations',
    ]);
    expect(sent[0]!.body).toMatchObject({ audience: 'invited', group_id: null });
    expect(sent[1]!.body).toEqual({ client_ids: [22, 21] });
  });

  it('shows the API’s refusal of an invitation beside the field, keeps the choices, and retries on the saved one', async () => {
    const sent = serve(false, true);
    renderPortal('/coach/offerings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New offering' }));
    await user.selectOptions(screen.getByLabelText('What it is'), 'session');
    await user.type(screen.getByLabelText('Title'), 'Private hour');
    await user.type(screen.getByLabelText('Price (USD, tax included)'), '150');
    await user.selectOptions(screen.getByLabelText('Who may buy it'), 'invited');
    const picker = screen.getByRole('group', { name: 'Invited clients' });
    await user.click(await within(picker).findByLabelText('Ben Cole'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const refusal = await within(picker).findByText('These are not your clients: 22.');
    expect(refusal).toHaveClass('field-error');
    expect(picker).toHaveAttribute('aria-describedby', refusal.id);
    expect(within(picker).getByLabelText('Ben Cole')).toBeChecked();
    expect(screen.getByLabelText('Title')).toHaveValue('Private hour');
    await user.click(within(picker).getByLabelText('Ben Cole'));
    await user.click(within(picker).getByLabelText('Ada Baker'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The offering was made once: the retry changes it, then invites again.
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent.map((c) => `${c.method.toUpperCase()} ${c.url}`)).toEqual([
      'POST /api/v1/coach/offerings',
      'PUT /api/v1/coach/offerings/4/invitations',
      'PUT /api/v1/coach/offerings/4',
      'PUT /api/v1/coach/offerings/4/invitations',
    ]);
    expect(sent[3]!.body).toEqual({ client_ids: [21] });
  });

  it('lets an admin choose any group of the tenant and invite the tenant’s clients', async () => {
    signInFresh(apiUser({ role_id: 1, email: 'admin@demo.test' }));
    const sent = serve();
    renderPortal('/admin/offerings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New offering' }));
    await user.selectOptions(screen.getByLabelText('What it is'), 'session');
    await user.type(screen.getByLabelText('Title'), 'Open circle hour');
    await user.type(screen.getByLabelText('Price (USD, tax included)'), '60');
    await user.selectOptions(screen.getByLabelText('Who may buy it'), 'invited');
    // The tenant's clients, from the admin's people list.
    const picker = screen.getByRole('group', { name: 'Invited clients' });
    expect(await within(picker).findByLabelText('Ben Cole')).not.toBeChecked();
    await user.selectOptions(screen.getByLabelText('Who may buy it'), 'group');
    await user.selectOptions(await screen.findByLabelText('Group'), 'Every coach’s circle');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Open circle hour saved.')).toBeTruthy();
    expect(sent[0]!.url).toBe('/api/v1/admin/offerings');
    expect(sent[0]!.body).toMatchObject({ audience: 'group', group_id: 8 });
  });
});
