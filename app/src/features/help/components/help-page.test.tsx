import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, gapiAnswer, renderPortal, type FakeCall, signInFresh } from '@/testing/portal';
import type { Ticket } from '../api/get-tickets';

type Answer = { status: number; data?: unknown };

/**
 * The /help route's API: the client's `tickets` (none unless given), and `handle` answering the form calls it
 * is given first.
 */
function server(handle: (call: FakeCall) => Answer | undefined = () => undefined, tickets: Ticket[] = []) {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/v1/tickets')
      return { status: 200, data: { data: tickets } };
    return handle(call) ?? (call.url === '/gapi' ? gapiAnswer(call) : { status: 404 });
  });
}

const created = (call: FakeCall): Answer => ({
  status: 201,
  data: { data: { id: 1, ...(call.body as object) } },
});

beforeEach(() => {
  signInFresh();
});

const form = async (name: string) => screen.findByRole('form', { name });
const bodyOf = (calls: FakeCall[], url: string) =>
  calls.find((c) => c.method === 'POST' && c.url === url)?.body;

describe('/help: support ticket', () => {
  it('files a ticket with SPEC’s toast and clears the form', async () => {
    const calls = server((c) => (c.url === '/api/v1/tickets' ? created(c) : undefined));
    const user = userEvent.setup();
    renderPortal('/help');
    const ticket = within(await form('Contact support'));
    await user.selectOptions(ticket.getByLabelText('Topic'), 'Something does not work');
    await user.type(ticket.getByLabelText('Subject'), '  Notes page is empty ');
    await user.type(ticket.getByLabelText('Message'), 'Since this morning.{Enter}On every browser.');
    await user.click(ticket.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByText('Ticket submitted, we will get back to you soon.')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/v1/tickets')).toEqual({
      category: 'technical',
      subject: 'Notes page is empty',
      message: 'Since this morning.\nOn every browser.',
    });
    expect(ticket.getByLabelText('Subject')).toHaveValue('');
  });

  it('says the subject’s limit where it is typed, and refuses a longer one beside the field, sending nothing', async () => {
    const calls = server((c) => (c.url === '/api/v1/tickets' ? created(c) : undefined));
    const user = userEvent.setup();
    renderPortal('/help');
    const ticket = within(await form('Contact support'));
    const subject = ticket.getByLabelText('Subject');
    expect(subject).toHaveAccessibleDescription('At most 200 characters (0 typed).');
    // A paste of 201 characters is kept whole (not cut to 200 without a word), counted and refused.
    await user.click(subject);
    await user.paste('x'.repeat(201));
    expect(subject).toHaveValue('x'.repeat(201));
    await user.type(ticket.getByLabelText('Message'), 'Help.');
    await user.click(ticket.getByRole('button', { name: 'Submit ticket' }));
    expect(await ticket.findByText('Shorten the subject to 200 characters: it has 201.')).toBeInTheDocument();
    expect(subject).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/v1/tickets')).toEqual([]);
  });

  it('lists the client’s tickets with where each stands and the coach’s answers', async () => {
    const long = `Invoice${'-'.repeat(150)}address`;
    server(undefined, [
      {
        id: 2,
        category: 'billing',
        subject: long,
        message: 'Change it, please.',
        status: 'done',
        created_at: '2026-11-02T10:00:00.000Z',
        status_changed_at: '2026-11-03T10:00:00.000Z',
        answers: [
          {
            body: 'Changed it.\nThe next invoice shows it.',
            created_at: '2026-11-03T10:00:00.000Z',
            coach: { first_name: 'Sam', last_name: 'Rivera' },
          },
        ],
      },
      {
        id: 1,
        category: 'general',
        subject: 'Calendar',
        message: 'Empty.',
        status: 'new',
        created_at: '2026-11-01T10:00:00.000Z',
        status_changed_at: null,
        answers: [],
      },
    ]);
    renderPortal('/help');
    const list = await screen.findByRole('region', { name: 'Your tickets' });
    const [answered, waiting] = await within(list).findAllByRole('article');
    expect(within(answered!).getByRole('heading', { name: long })).toBeInTheDocument();
    expect(answered).toHaveTextContent('Done');
    const answers = within(answered!).getByRole('list', { name: `Answers to ${long}` });
    expect(answers).toHaveTextContent(/Answered by Sam Rivera, .*November 3rd, 2026/);
    expect(answers).toHaveTextContent('The next invoice shows it.');
    expect(waiting).toHaveTextContent('Received');
    expect(waiting).toHaveTextContent('not answered yet');
  });

  it('says so when the client has sent no ticket yet', async () => {
    server();
    renderPortal('/help');
    const list = await screen.findByRole('region', { name: 'Your tickets' });
    expect(
      await within(list).findByText(
        /You have not sent a ticket yet\. Your tickets, where they stand and your coach/,
      ),
    ).toBeInTheDocument();
  });

  it('names the empty fields inline, focuses the first and sends nothing', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderPortal('/help');
    const ticket = within(await form('Contact support'));
    await user.type(ticket.getByLabelText('Message'), '   ');
    await user.click(ticket.getByRole('button', { name: 'Submit ticket' }));
    expect(ticket.getByLabelText('Subject')).toHaveAccessibleDescription(
      'At most 200 characters (0 typed). Enter a subject.',
    );
    expect(ticket.getByLabelText('Message')).toHaveAccessibleDescription('Describe what you need help with.');
    await expect.poll(() => document.activeElement).toBe(ticket.getByLabelText('Subject'));
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/v1/tickets')).toEqual([]);
  });

  it('keeps what was typed and shows the limit when the API refuses (429)', async () => {
    const message = 'Too many tickets. Try again in 1200 seconds.';
    server((c) => (c.url === '/api/v1/tickets' ? { status: 429, data: { message } } : undefined));
    const user = userEvent.setup();
    renderPortal('/help');
    const ticket = within(await form('Contact support'));
    await user.type(ticket.getByLabelText('Subject'), 'Again');
    await user.type(ticket.getByLabelText('Message'), 'Still broken');
    await user.click(ticket.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(ticket.getByLabelText('Subject')).toHaveValue('Again');
  });
});

describe('/help: share your experience', () => {
  it('sends a testimonial only once consent is given, with SPEC’s toast', async () => {
    const calls = server((c) => (c.url === '/api/v1/testimonials/addtestimonial' ? created(c) : undefined));
    const user = userEvent.setup();
    renderPortal('/help');
    const testimonial = within(await form('Write a testimonial'));
    await user.type(testimonial.getByLabelText('Your testimonial'), 'Our margins doubled in a year.');
    await user.type(testimonial.getByLabelText('Sign it as'), 'Rachel K.');
    const consent = testimonial.getByRole('checkbox', {
      name: 'I agree that Test Portal may publish this testimonial, signed with the name above, on its website and in its marketing.',
    });
    await user.click(testimonial.getByRole('button', { name: 'Send testimonial' }));
    expect(consent).toHaveAccessibleDescription('Tick the box to let us publish your testimonial.');
    expect(bodyOf(calls, '/api/v1/testimonials/addtestimonial')).toBeUndefined();
    await user.click(consent);
    await user.click(testimonial.getByRole('button', { name: 'Send testimonial' }));
    expect(await screen.findByText('Testimonial has been sent successfully')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/v1/testimonials/addtestimonial')).toEqual({
      testimonial: 'Our margins doubled in a year.',
      display_name: 'Rachel K.',
      consent: true,
    });
    expect(consent).not.toBeChecked();
  });

  it('refers someone, refusing the client’s own address inline', async () => {
    const calls = server((c) => (c.url === '/api/v1/testimonials/addreferral' ? created(c) : undefined));
    const user = userEvent.setup();
    renderPortal('/help');
    const referral = within(await form('Refer someone'));
    await user.type(referral.getByLabelText('Their first name'), 'Dana');
    await user.type(referral.getByLabelText('Their last name'), 'Reyes');
    const email = referral.getByLabelText('Their email');
    await user.type(email, 'Client@Demo.test');
    await user.click(referral.getByRole('button', { name: 'Send referral' }));
    expect(email).toHaveAccessibleDescription('Enter the address of someone else, not your own.');
    await user.clear(email);
    await user.type(email, 'dana@');
    await user.click(referral.getByRole('button', { name: 'Send referral' }));
    expect(email).toHaveAccessibleDescription('Enter an email address like name@example.com.');
    expect(bodyOf(calls, '/api/v1/testimonials/addreferral')).toBeUndefined();
    await user.type(email, 'bakery.example');
    await user.type(referral.getByLabelText('A note for your coach (optional)'), 'Hiring soon');
    await user.click(referral.getByRole('button', { name: 'Send referral' }));
    expect(await screen.findByText('Referral has been sent successfully')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/v1/testimonials/addreferral')).toEqual({
      first_name: 'Dana',
      last_name: 'Reyes',
      email: 'dana@bakery.example',
      note: 'Hiring soon',
    });
  });

  it('shows the API’s 422 next to the field it names, and not again in a toast', async () => {
    const problem = 'Enter an email address like name@example.com.';
    server((c) =>
      c.url === '/api/v1/testimonials/addreferral'
        ? { status: 422, data: { error: { email: [problem] } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPortal('/help');
    const referral = within(await form('Refer someone'));
    await user.type(referral.getByLabelText('Their first name'), 'Dana');
    await user.type(referral.getByLabelText('Their last name'), 'Reyes');
    await user.type(referral.getByLabelText('Their email'), 'dana@bakery.example');
    await user.click(referral.getByRole('button', { name: 'Send referral' }));
    await expect.poll(() => referral.getByLabelText('Their email')).toHaveAccessibleDescription(problem);
    expect(referral.getByLabelText('Their first name')).toHaveValue('Dana');
    expect(referral.getByLabelText('Their email')).toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('.Toastify')).not.toHaveTextContent(problem);
  });
});
