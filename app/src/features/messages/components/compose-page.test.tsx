import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { pickedFile } from '@/testing/files';
import { renderPortal, signInFresh } from '@/testing/portal';
import { fakeMailbox, gqlCalls } from '../testing/fake-mailbox';

const LOAD = { timeout: 5000 };
const MB = 1024 * 1024;

const file = (name: string, size?: number) => pickedFile(name, size);

beforeEach(() => {
  signInFresh();
});

describe('/messages/compose', () => {
  it('uploads each file, refuses what breaks the limits (25 MB together, the server type check), removes one, and sends with the uploaded ids', async () => {
    const { calls, state } = fakeMailbox([], {
      before: (call) =>
        call.url === '/upload/mail' && ((call.body as FormData).get('file') as File).name === 'shell.jpg'
          ? { status: 422, data: { message: 'The file type is not allowed.' } }
          : undefined,
    });
    const user = userEvent.setup();
    renderPortal('/messages/compose');
    const form = await screen.findByRole('region', { name: 'New message' }, LOAD);
    expect(within(form).getByText(/Up to 10 files, 25 MB in all/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Subject'), 'Hiring question');
    await user.type(within(form).getByLabelText('Message'), 'Should I hire in March?');
    await user.upload(within(form).getByLabelText('Attach files'), [
      file('plan.pdf'),
      file('big.pdf', 26 * MB),
      file('half.pdf', 20 * MB),
      file('shell.jpg'),
      file('more.pdf', 6 * MB),
      file('notes.pdf'),
    ]);

    const attachments = within(form).getByRole('list', { name: 'Attachments' });
    const item = (name: string) => within(attachments).getByText(name).closest('li') as HTMLElement;
    expect(within(item('big.pdf')).getByRole('alert')).toHaveTextContent(
      "Not attached: a message's files take at most 25 MB together.",
    );
    // 20 MB fits with plan.pdf; 6 MB more would not.
    expect(within(item('more.pdf')).getByRole('alert')).toHaveTextContent(
      "Not attached: a message's files take at most 25 MB together.",
    );
    expect(await within(item('shell.jpg')).findByRole('alert')).toHaveTextContent(
      'The file type is not allowed.',
    );
    expect(calls.filter((c) => c.url === '/upload/mail')).toHaveLength(4);
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(within(item('plan.pdf')).getByRole('progressbar', { name: 'Uploading plan.pdf' })).toHaveValue(1);

    await user.click(within(form).getByRole('button', { name: 'Remove notes.pdf' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/delete/mail')).toHaveLength(1));
    expect(within(attachments).queryByText('notes.pdf')).not.toBeInTheDocument();
    const sent = [...state.uploads];
    expect(sent).toHaveLength(2);

    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(gqlCalls(calls, 'sendEmail')).toEqual([
      {
        user_id: 7,
        subject: 'Hiring question',
        body: '<p>Should I hire in March?</p>',
        attachments: sent,
      },
    ]);
    // The new message opens as its own thread.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Hiring question' }, LOAD),
    ).toBeInTheDocument();
  });

  it('takes files dropped on the drop zone', async () => {
    const { calls } = fakeMailbox([]);
    renderPortal('/messages/compose');
    const input = await screen.findByLabelText('Attach files', {}, LOAD);
    const zone = input.closest('.drop-zone') as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [file('dropped.pdf')] } });
    expect(await screen.findByRole('progressbar', { name: 'Uploading dropped.pdf' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === '/upload/mail')).toHaveLength(1));
  });

  it('takes at most 10 files a message', async () => {
    const { calls } = fakeMailbox([]);
    const user = userEvent.setup();
    renderPortal('/messages/compose');
    const input = await screen.findByLabelText('Attach files', {}, LOAD);
    await user.upload(
      input,
      Array.from({ length: 11 }, (_, i) => file(`part-${i + 1}.pdf`)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not attached: a message takes at most 10 files.',
    );
    expect(screen.getByText('part-11.pdf')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === '/upload/mail')).toHaveLength(10));
  });

  it('says the subject’s limit where it is typed, and refuses a longer paste beside the field, sending nothing', async () => {
    const { calls } = fakeMailbox([]);
    const user = userEvent.setup();
    renderPortal('/messages/compose');
    const subject = await screen.findByLabelText('Subject', {}, LOAD);
    expect(subject).toHaveAccessibleDescription('At most 200 characters (0 typed).');
    await user.click(subject);
    await user.paste('y'.repeat(230));
    // Kept whole and counted, not cut to 200 without a word.
    expect(subject).toHaveValue('y'.repeat(230));
    expect(subject).toHaveAccessibleDescription('At most 200 characters (230 typed).');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(subject).toHaveAccessibleDescription(
        'At most 200 characters (230 typed). Shorten the subject to 200 characters: it has 230.',
      ),
    );
    expect(gqlCalls(calls, 'sendEmail')).toEqual([]);
  });

  it('keeps what was typed when sending fails', async () => {
    fakeMailbox([], {
      before: (call) =>
        gqlCalls([call], 'sendEmail').length
          ? { status: 200, data: { errors: [{ message: 'You have no coach yet.' }] } }
          : undefined,
    });
    const user = userEvent.setup();
    renderPortal('/messages/compose');
    await user.type(await screen.findByLabelText('Subject', {}, LOAD), 'Hello');
    await user.type(screen.getByLabelText('Message'), 'Anyone there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You have no coach yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('Hello');
    expect(screen.getByLabelText('Message')).toHaveValue('Anyone there?');
  });
  it("shows the API's refusals beside the subject, the message, the files and the recipient, and keeps what was typed", async () => {
    const refusal = (field: string, message: string) => ({
      message,
      extensions: { code: 'BAD_USER_INPUT', field },
    });
    const refusals = [
      [refusal('subject', 'Write a subject of at most 200 characters.')],
      [refusal('body', 'Write a message.')],
      [refusal('attachments', 'An attachment was not found: upload it again.')],
      [refusal('to', 'You have no coach to write to yet.')],
    ];
    const { calls } = fakeMailbox([], {
      before: (call) =>
        gqlCalls([call], 'sendEmail').length
          ? { status: 422, data: { data: null, errors: refusals.shift() } }
          : undefined,
    });
    const user = userEvent.setup();
    renderPortal('/messages/compose');
    const form = await screen.findByRole('region', { name: 'New message' }, LOAD);
    await user.type(within(form).getByLabelText('Subject'), '   ');
    await user.type(within(form).getByLabelText('Message'), 'Anyone there?');
    const send = within(form).getByRole('button', { name: 'Send' });

    await user.click(send);
    const subject = within(form).getByLabelText('Subject');
    await waitFor(() =>
      expect(subject).toHaveAccessibleDescription(/ Write a subject of at most 200 characters\.$/),
    );
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(subject).toHaveFocus());

    await user.click(send);
    const body = within(form).getByLabelText('Message');
    await waitFor(() => expect(body).toHaveAccessibleDescription('Write a message.'));
    expect(body).toHaveAttribute('aria-invalid', 'true');
    // Sent again, the subject's old refusal is gone.
    expect(subject).not.toHaveAttribute('aria-invalid');

    await user.click(send);
    const files = within(form).getByLabelText('Attach files');
    await waitFor(() =>
      expect(files).toHaveAccessibleDescription(
        expect.stringContaining('An attachment was not found: upload it again.'),
      ),
    );
    expect(files).toHaveAttribute('aria-invalid', 'true');

    await user.click(send);
    expect(await within(form).findByText('You have no coach to write to yet.')).toBeInTheDocument();
    expect(gqlCalls(calls, 'sendEmail')).toHaveLength(4);
    // Each said once, beside its field: no toast repeats it.
    expect(
      screen.getAllByText(/You have no coach|Write a message|Write a subject|An attachment/),
    ).toHaveLength(1);
    expect(subject).toHaveValue('   ');
    expect(body).toHaveValue('Anyone there?');
  });
});
