import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { pickedFile } from '@/testing/files';
import { apiUser, fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';
import type { CompanyFile } from '../api/get-company-files';

const LOAD = { timeout: 5000 };
const MB = 1024 * 1024;
const COMPANY = 3;

const entry = (id: number, fields: Partial<CompanyFile> = {}): CompanyFile => ({
  id,
  company_id: COMPANY,
  description: '',
  files: [],
  sender: { id: 7, first_name: 'Rachel', last_name: 'Kowalski' },
  from_coach: false,
  to: 'company',
  editable: true,
  created_at: `2026-11-${String(10 + id).padStart(2, '0')}T10:00:00.000Z`,
  updated_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});
const stored = (id: number, name: string, type: string, size = 2048) => ({
  id,
  name,
  type,
  size,
  created_at: '2026-11-20T10:00:00.000Z',
});

const demo = () => [
  entry(1, {
    description: 'Fill in the payroll.',
    from_coach: true,
    editable: false,
    sender: { id: 9, first_name: 'Cora', last_name: 'Coach' },
    files: [stored(11, 'Cash-flow worksheet.pdf', 'application/pdf', 900)],
  }),
  entry(2, { files: [stored(21, 'Sales.png', 'image/png', 5000)] }),
  entry(3, { files: [stored(31, 'Prices.csv', 'text/plain; charset=utf-8', 120)] }),
];

function server(
  handle: (call: FakeCall) => { status: number; data?: unknown } | undefined = () => undefined,
) {
  let files = demo();
  const calls = fakeApi((call) => {
    const answer = handle(call);
    if (answer) return answer;
    if (call.url === `/api/v1/companies/files/${COMPANY}`) return { status: 200, data: { data: files } };
    // The page also lists what the coach shares from their library: nothing, unless a test says otherwise.
    if (call.url === '/api/v1/resources/shared') return { status: 200, data: { data: [] } };
    if (call.url === '/api/v1/companies/deletefile/') {
      files = files.filter((f) => f.id !== (call.body as { id: number }).id);
      return { status: 200, data: { data: { id: 2, deleted: true } } };
    }
    if (call.url === '/api/v1/companies/newcoachfile/') {
      const form = call.body as FormData;
      const sent = entry(9, {
        description: String(form.get('description') ?? ''),
        files: form.getAll('files[]').map((f, i) => stored(90 + i, (f as File).name, 'application/pdf')),
      });
      files = [sent, ...files];
      return { status: 201, data: { data: sent } };
    }
    if (call.url === '/gapi') return gapiAnswer(call);
    return { status: 404, data: { message: 'Not found.' } };
  });
  return calls;
}

const pdf = (name: string, size?: number) => pickedFile(name, size);

beforeEach(() => {
  signInFresh();
});

describe('/resources', () => {
  it('lists what the coach shares from their library: a link to open, a file to download', async () => {
    server((call) =>
      call.url === '/api/v1/resources/shared'
        ? {
            status: 200,
            data: {
              data: [
                {
                  id: 4,
                  title: 'Pricing guide',
                  kind: 'link',
                  url: 'https://example.org/pricing',
                  file: null,
                  created_at: '2026-11-20T10:00:00.000Z',
                  coach: { first_name: 'Cora', last_name: 'Coach' },
                },
                {
                  id: 5,
                  title: 'Price list',
                  kind: 'file',
                  url: null,
                  file: { name: 'prices.pdf', size: 2048, type: 'application/pdf' },
                  created_at: '2026-11-19T10:00:00.000Z',
                  coach: { first_name: 'Cora', last_name: 'Coach' },
                },
              ],
            },
          }
        : undefined,
    );
    renderPortal('/resources');
    const shared = await screen.findByRole('region', { name: 'Shared by your coach' }, LOAD);
    expect(await within(shared).findByRole('link', { name: 'Pricing guide' })).toHaveAttribute(
      'href',
      'https://example.org/pricing',
    );
    expect(within(shared).getByRole('button', { name: 'Download Price list' })).toBeInTheDocument();
    expect(shared).toHaveTextContent('from Cora Coach');
  });

  it('lists the company’s files newest first; only your own have Edit and Delete; filters and sorts', async () => {
    server();
    const user = userEvent.setup();
    renderPortal('/resources');
    const articles = await screen.findAllByRole('article', {}, LOAD);
    expect(articles.map((a) => within(a).getAllByRole('listitem')[0]!.textContent)).toEqual([
      expect.stringContaining('Prices.csv'),
      expect.stringContaining('Sales.png'),
      expect.stringContaining('Cash-flow worksheet.pdf'),
    ]);
    const coach = articles[2]!;
    expect(within(coach).getByRole('heading')).toHaveTextContent(/^From your coach, Cora Coach/);
    expect(within(coach).getByRole('heading')).not.toHaveTextContent('for you alone');
    expect(within(coach).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(
      within(coach).getByRole('button', { name: 'Preview Cash-flow worksheet.pdf' }),
    ).toBeInTheDocument();
    expect(within(articles[0]!).queryByRole('button', { name: /Preview/ })).toBeNull();
    expect(within(articles[0]!).getByRole('button', { name: 'Delete: Prices.csv' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Type'), 'Images');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('Sales.png')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Type'), 'Presentations');
    expect(screen.getByText('No presentations here yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Type'), 'All types');
    await user.selectOptions(screen.getByLabelText('Sort'), 'Largest first');
    expect(screen.getAllByRole('article')[0]).toHaveTextContent('Sales.png');
    await user.selectOptions(screen.getByLabelText('Sort'), 'Name (A to Z)');
    expect(screen.getAllByRole('article').map((a) => a.querySelector('.file-name')?.textContent)).toEqual([
      'Cash-flow worksheet.pdf',
      'Prices.csv',
      'Sales.png',
    ]);
  });

  it('sends files with a description (only when not blank), refusing what breaks the limits first', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderPortal('/resources');
    const form = await screen.findByRole('region', { name: 'Send a file to your coach' }, LOAD);
    await user.click(within(form).getByRole('button', { name: 'Send to coach' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a file or write a description.');
    await user.upload(within(form).getByLabelText('Choose files'), [
      pdf('plan.pdf'),
      pdf('huge.pdf', 26 * MB),
      pdf('empty.pdf', 0),
    ]);
    const picked = within(form).getByRole('list', { name: 'Files to send' });
    expect(
      within(picked)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([
      'Not added: the files sent at once take at most 25 MB together.',
      'Not added: the file is empty.',
    ]);
    await user.click(within(form).getByRole('button', { name: 'Remove huge.pdf' }));
    await user.type(within(form).getByLabelText('Description (optional)'), '   ');
    await user.click(within(form).getByRole('button', { name: 'Send to coach' }));
    expect(await screen.findByText('File sent successfully to the coach')).toBeInTheDocument();
    const sent = calls.find((c) => c.url === '/api/v1/companies/newcoachfile/')!.body as FormData;
    expect(sent.get('company_id')).toBe(String(COMPANY));
    expect(sent.getAll('files[]').map((f) => (f as File).name)).toEqual(['plan.pdf']);
    expect(sent.has('description')).toBe(false);
    expect(within(form).queryByRole('list', { name: 'Files to send' })).toBeNull();
    expect(await screen.findByText('plan.pdf')).toBeInTheDocument();
  });

  it('keeps what was picked and typed when the server refuses the file', async () => {
    server((call) =>
      call.url === '/api/v1/companies/newcoachfile/'
        ? { status: 422, data: { error: { files: ['This type of file is not accepted.'] } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/resources');
    const form = await screen.findByRole('region', { name: 'Send a file to your coach' }, LOAD);
    await user.upload(within(form).getByLabelText('Choose files'), [pdf('shell.jpg')]);
    await user.type(within(form).getByLabelText('Description (optional)'), 'Logo');
    await user.click(within(form).getByRole('button', { name: 'Send to coach' }));
    // Beside the file picker, tied to it, and not a toast as well.
    const picker = within(form).getByLabelText('Choose files');
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription(
        expect.stringContaining('This type of file is not accepted.'),
      ),
    );
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('This type of file is not accepted.')).toHaveLength(1);
    expect(within(form).getByText('shell.jpg')).toBeInTheDocument();
    expect(within(form).getByLabelText('Description (optional)')).toHaveValue('Logo');
  });

  it('renames and describes, then deletes after a confirmation (Cancel keeps it)', async () => {
    const calls = server((call) =>
      call.url === '/api/v1/companies/updatefile/'
        ? {
            status: 200,
            data: { data: entry(2, { description: 'Q4', files: [stored(21, 'Sales Q4.png', 'image/png')] }) },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/resources');
    await user.click(await screen.findByRole('button', { name: 'Rename or describe: Sales.png' }, LOAD));
    const edit = screen.getByRole('region', { name: 'Edit: Sales.png' });
    await user.clear(within(edit).getByLabelText('File name'));
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(within(edit).getByText('Write a name.')).toBeInTheDocument();
    await user.type(within(edit).getByLabelText('File name'), 'Sales Q4');
    await user.type(within(edit).getByLabelText('Description'), 'Q4');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('File updated successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/companies/updatefile/')?.body).toEqual({
      company_id: COMPANY,
      id: 2,
      description: 'Q4',
      files: [{ id: 21, name: 'Sales Q4' }],
    });

    await user.click(screen.getByRole('button', { name: 'Delete: Prices.csv' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this file?' });
    expect(dialog).toHaveTextContent('“Prices.csv” will be deleted for you, your colleagues and your coach.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete: Prices.csv' }));
    await user.click(screen.getByRole('button', { name: 'Delete file' }));
    expect(await screen.findByText('File DELETED successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Prices.csv')).toBeNull());
    expect(calls.find((c) => c.url === '/api/v1/companies/deletefile/')?.body).toEqual({
      company_id: COMPANY,
      id: 3,
    });
  });

  it("shows the API's refusal of a new name or description beside it and keeps the form", async () => {
    const refusals = [
      { 'files.0.name': ['A name cannot contain / or \\.'] },
      { description: ['Must not contain control characters.'] },
    ];
    const calls = server((call) =>
      call.url === '/api/v1/companies/updatefile/'
        ? { status: 422, data: { message: 'The given data was invalid.', error: refusals.shift() } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/resources');
    await user.click(await screen.findByRole('button', { name: 'Rename or describe: Sales.png' }, LOAD));
    const edit = screen.getByRole('region', { name: 'Edit: Sales.png' });
    const name = within(edit).getByLabelText('File name');
    await user.clear(name);
    await user.type(name, 'Sales Q4');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(expect.stringContaining('cannot contain /')),
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');

    const description = within(edit).getByLabelText('Description');
    await user.type(description, 'Q4');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(description).toHaveAccessibleDescription('Must not contain control characters.'),
    );
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(name).not.toHaveAttribute('aria-invalid');
    // Said beside the fields only, never as a toast as well; the form stays open with what was typed.
    expect(screen.getAllByText(/cannot contain|control characters/)).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/v1/companies/updatefile/')).toHaveLength(2);
    expect(name).toHaveValue('Sales Q4');
    expect(description).toHaveValue('Q4');
  });

  // The PDF's blob: frame is Chromium's to show (e2e/resources.test.ts); happy-dom loads no frame.
  it('previews an image from a data: URL in a dialog that keeps the focus', async () => {
    server((call) =>
      call.url.includes('/download/')
        ? { status: 200, data: new Blob(['PNG bytes'], { type: 'application/octet-stream' }) }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/resources');
    const preview = await screen.findByRole('button', { name: 'Preview Sales.png' }, LOAD);
    await user.click(preview);
    const image = await screen.findByRole('img', { name: 'Sales.png' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const dialog = screen.getByRole('dialog', { name: 'Sales.png' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    // Focus that leaves the dialog (as Tab out of a PDF viewer's frame does) comes back to it.
    screen.getByLabelText('Type').focus();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(preview).toHaveFocus();
  });

  it('shows the empty state, and an error with Try again when the list cannot load', async () => {
    let fail = true;
    server((call) =>
      call.url.startsWith('/api/v1/companies/files/')
        ? fail
          ? { status: 503, data: { message: 'Service unavailable.' } }
          : { status: 200, data: { data: [] } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/resources');
    const alert = await screen.findByText(/Your files could not be loaded: Service unavailable./, {}, LOAD);
    fail = false;
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByText(/No files yet\./)).toBeInTheDocument();
  });

  it('names who sent each entry, a colleague by name, a coach’s file for you alone, and the form says colleagues see the files', async () => {
    server((call) =>
      call.url === `/api/v1/companies/files/${COMPANY}`
        ? {
            status: 200,
            data: {
              data: [
                entry(5, {
                  from_coach: true,
                  to: 'client',
                  editable: false,
                  sender: { id: 9, first_name: 'Cora', last_name: 'Coach' },
                  files: [stored(51, 'Review.pdf', 'application/pdf')],
                }),
                entry(4, {
                  editable: false,
                  sender: { id: 8, first_name: 'Anna', last_name: 'Lee' },
                  files: [stored(41, 'Rota.pdf', 'application/pdf')],
                }),
                entry(3, { files: [stored(31, 'Prices.csv', 'text/plain; charset=utf-8')] }),
              ],
            },
          }
        : undefined,
    );
    renderPortal('/resources');
    const [alone, colleague, mine] = await screen.findAllByRole('article', {}, LOAD);
    expect(within(alone!).getByRole('heading')).toHaveTextContent(
      'From your coach, Cora Coach, for you alone',
    );
    expect(within(colleague!).getByRole('heading')).toHaveTextContent('Sent by Anna Lee');
    expect(within(colleague!).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(mine!).getByRole('heading')).toHaveTextContent('Sent by you');
    const form = screen.getByRole('region', { name: 'Send a file to your coach' });
    expect(form).toHaveTextContent(
      'Your coach and your colleagues at Brightwater Plumbing can see and download the files you send here.',
    );
  });

  it('lists and downloads, for a client without a company, the files their coach sent them alone', async () => {
    sessionStore.signIn(apiUser({ company_id: null, company: null }));
    const calls = server((call) => {
      if (call.url === '/api/v1/me/files')
        return {
          status: 200,
          data: {
            data: [
              entry(6, {
                company_id: null,
                from_coach: true,
                to: 'client',
                editable: false,
                sender: { id: 9, first_name: 'Cora', last_name: 'Coach' },
                files: [stored(61, 'Plan.pdf', 'application/pdf', 598)],
              }),
            ],
          },
        };
      if (call.url === '/api/v1/me/files/61') return { status: 200, data: new Blob(['%PDF-1.4']) };
      return undefined;
    });
    renderPortal('/resources');
    const [alone] = await screen.findAllByRole('article', {}, LOAD);
    expect(within(alone!).getByRole('heading')).toHaveTextContent(
      'From your coach, Cora Coach, for you alone',
    );
    expect(within(alone!).getByText(/598 B/)).toBeInTheDocument();
    // Nothing to send to a company that is not there; the way to send the coach a file is said instead.
    expect(screen.queryByRole('region', { name: 'Send a file to your coach' })).toBeNull();
    expect(screen.getByRole('link', { name: 'message' })).toHaveAttribute('href', '/messages/compose');
    await userEvent.setup().click(within(alone!).getByRole('button', { name: 'Download Plan.pdf' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/me/files/61')).toBe(true));
    expect(calls.some((c) => c.url.startsWith('/api/v1/companies/'))).toBe(false);
  });
});
