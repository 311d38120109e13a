import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUser, fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';

const CSV = [
  'email,first_name,last_name,role',
  'ada@example.com,Ada,Lovelace,client',
  'ben@example.com,Ben,Tester,client',
  'cleo@example.com,Cleo,Tester,client',
].join('\n');

type Outcome = 'created' | 'changed' | 'unchanged';

/** The import API: the dry run and the import answer each row with its outcome in `outcomes` (by email). */
function serve(outcomes: Record<string, Outcome>) {
  return fakeApi((call: FakeCall) => {
    if (call.url !== '/api/v1/admin/people/import') return gapiAnswer(call);
    const { people } = call.body as { people: { email: string }[] };
    const data = people.map((p, index) => ({
      index,
      outcome: outcomes[p.email],
      person_id: index + 1,
      errors: {},
    }));
    return { status: 200, data: { data } };
  });
}

async function choose(csv: string) {
  renderPortal('/admin/import');
  const input = await screen.findByLabelText('CSV file');
  await userEvent.setup().upload(input, new File([csv], 'people.csv', { type: 'text/csv' }));
  await screen.findByText(/What importing people.csv would do/);
}

beforeEach(() => {
  signInFresh(apiUser({ id: 900, role_id: 1, email: 'admin@demo.test', company: null, company_id: null }));
});

describe('/admin/import', () => {
  it('offers to import only the new and changed people, and sends only those', async () => {
    const calls = serve({
      'ada@example.com': 'created',
      'ben@example.com': 'changed',
      'cleo@example.com': 'unchanged',
    });
    await choose(CSV);
    expect(screen.getByText('1 created, 1 changed, 1 unchanged')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Import 2 people' }));
    await screen.findByText('Imported 2 people: 1 created, 1 changed');
    const sent = calls.filter((c) => c.url === '/api/v1/admin/people/import').at(-1)!.body as {
      people: { email: string }[];
      dry_run: boolean;
    };
    expect(sent.dry_run).toBe(false);
    expect(sent.people.map((p) => p.email)).toEqual(['ada@example.com', 'ben@example.com']);
  });

  it('says there is nothing to import when the file changes nobody (a second import of the same file)', async () => {
    const calls = serve({
      'ada@example.com': 'unchanged',
      'ben@example.com': 'unchanged',
      'cleo@example.com': 'unchanged',
    });
    await choose(CSV);
    expect(
      screen.getByText('Nothing to import: every person in people.csv is already up to date.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/v1/admin/people/import')).toHaveLength(1));
  });
});
