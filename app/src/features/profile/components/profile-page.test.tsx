import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { apiUser, fakeApi, gapiAnswer, renderPortal, type FakeRoute, signInFresh } from '@/testing/portal';
import { photoProblem } from '../api/update-profile-photo';
import { PROFILE_UPDATED } from './details-form';
import { PHOTO_CHANGED } from './photo-card';

const { access_token: _a, pas_token: _p, ...member } = apiUser();

const agreement = {
  version_id: 4,
  agreement_id: 2,
  version: 2,
  title: 'Coaching agreement',
  body_html: '<p>We meet every fortnight.</p>',
  text_sha256: 'a'.repeat(64),
  published_at: '2026-11-01T09:00:00.000Z',
  own_coach: false,
  signature: null,
};

// The profile, the calendar feed and the agreements (none, unless a test says) come from their own calls;
// `update` answers every other call.
function server(update: FakeRoute, agreements: unknown[] = []) {
  return fakeApi((call) => {
    if (call.url === '/gapi') return gapiAnswer(call, { member });
    if (call.url === '/api/v1/calendar-feed' && call.method === 'GET')
      return { status: 200, data: { data: null } };
    if (call.url === '/api/v1/agreement') return { status: 200, data: { data: agreements } };
    return update(call);
  });
}

beforeEach(() => {
  signInFresh();
});

describe('/profile', () => {
  it("saves the details, confirms with 'Profile updated successfully' and updates the menu", async () => {
    const calls = server(({ body }) => ({ status: 200, data: { data: { ...member, ...(body as object) } } }));
    const user = userEvent.setup();
    renderPortal('/profile');
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Rae');
    await user.type(screen.getByLabelText('Job title'), 'Owner');
    expect(screen.getByLabelText('Company')).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeInTheDocument();
    const sent = calls.find((c) => c.url === '/api/v1/students/update/7')!;
    expect(sent.body).toMatchObject({ first_name: 'Rae', title: 'Owner', website: null });
    expect(sent.body).not.toHaveProperty('company');
    expect(sent.body).not.toHaveProperty('role_id');
    expect(sessionStore.get()?.user.first_name).toBe('Rae');
    expect(document.querySelector('.side-menu-user')).toHaveTextContent('Rae Kowalski');
  });

  it("keeps what was typed and shows the API's reason beside the field, not in a toast", async () => {
    const reason = 'Enter a web address, like https://example.com.';
    server(() => ({ status: 422, data: { message: 'Check the form.', error: { website: [reason] } } }));
    const user = userEvent.setup();
    renderPortal('/profile');
    const website = await screen.findByLabelText('Website');
    await user.type(website, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    const message = await screen.findByText(reason);
    expect(website).toHaveValue('not a url');
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(website).toHaveFocus());
    // Said once, beside the field: the toast leaves it out.
    expect(screen.getAllByText(reason)).toHaveLength(1);
    expect(document.querySelector('.Toastify')).not.toHaveTextContent(reason);
  });

  it('adds https:// to a website typed without it, as the field is left and when sent', async () => {
    const calls = server(({ body }) => ({ status: 200, data: { data: { ...member, ...(body as object) } } }));
    const user = userEvent.setup();
    renderPortal('/profile');
    const website = await screen.findByLabelText('Website');
    await user.type(website, 'brightwater.example');
    await user.tab();
    expect(website).toHaveValue('https://brightwater.example');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/students/update/7')!.body).toMatchObject({
      website: 'https://brightwater.example',
    });
  });

  it('marks an empty name beside its field before sending', async () => {
    const calls = server(() => ({ status: 200, data: { data: member } }));
    const user = userEvent.setup();
    renderPortal('/profile');
    await user.clear(await screen.findByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Enter your last name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((c) => c.url.startsWith('/api/v1/students/update'))).toHaveLength(0);
  });

  it('saves the social links through students/updatetwo', async () => {
    const calls = server(({ body }) => ({ status: 200, data: { data: { ...member, ...(body as object) } } }));
    const user = userEvent.setup();
    renderPortal('/profile');
    await user.type(await screen.findByLabelText('Twitter'), 'https://twitter.com/rachel');
    await user.click(screen.getByRole('button', { name: 'Save social profiles' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/students/updatetwo/7')!.body).toMatchObject({
      twitter: 'https://twitter.com/rachel',
    });
  });

  it("uploads a new picture and confirms with 'Profile picture changed successfully'", async () => {
    const calls = server(() => ({
      status: 200,
      data: { data: { ...member, profile_pic: '/uploads/7.png' } },
    }));
    const user = userEvent.setup();
    renderPortal('/profile');
    const input = await screen.findByLabelText('Choose a picture');
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save picture' }));
    expect(await screen.findByText(PHOTO_CHANGED)).toBeInTheDocument();
    const upload = calls.find((c) => c.url === '/api/v1/student/profilephoto/update')!;
    expect(upload.body).toBeInstanceOf(FormData);
    expect((upload.body as FormData).get('id')).toBe('7');
    expect(sessionStore.get()?.user.profile_pic).toBe('/uploads/7.png');
  });

  it("shows the API's refusal of a picture's content under the picker, keeping the chosen picture", async () => {
    const refusal = 'The file must be a PNG, JPEG, GIF or WebP image.';
    server(() => ({
      status: 422,
      data: { message: 'The given data was invalid.', error: { file: [refusal] } },
    }));
    const user = userEvent.setup();
    renderPortal('/profile');
    const input = await screen.findByLabelText('Choose a picture');
    await user.upload(input, new File(['not a picture'], 'me.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save picture' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(`JPEG, PNG, GIF or WebP, at most 5 MB. ${refusal}`),
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // Said once, under the picker: no toast repeats it. The picture can be sent again.
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Save picture' })).toBeEnabled();
  });

  it('refuses files that are not images or are over 5 MB before sending them', () => {
    expect(photoProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toMatch(/JPEG/);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(photoProblem(big)).toMatch(/5 MB/);
    expect(photoProblem(new File(['x'], 'ok.jpg', { type: 'image/jpeg' }))).toBeNull();
  });

  it('leads to the Agreement page to sign an agreement that waits for the signature', async () => {
    server(() => ({ status: 404, data: { message: 'Not found.' } }), [agreement]);
    renderPortal('/profile');
    const card = await screen.findByRole('region', { name: 'Agreement' });
    expect(card).toHaveTextContent('Your coaching agreement waits for your signature.');
    expect(within(card).getByRole('link', { name: 'Read and sign the agreement' })).toHaveAttribute(
      'href',
      '/agreement',
    );
  });

  it('leads to the Agreement page to read a signed agreement again', async () => {
    const signed = { id: 9, typed_name: 'Ann Client', signed_at: '2026-11-02T10:00:00.000Z' };
    server(() => ({ status: 404, data: { message: 'Not found.' } }), [{ ...agreement, signature: signed }]);
    renderPortal('/profile');
    const again = await screen.findByRole('region', { name: 'Agreement' });
    expect(within(again).getByRole('link', { name: 'Your agreement' })).toHaveAttribute('href', '/agreement');
  });

  it('shows no way to an agreement when there is none', async () => {
    const calls = server(() => ({ status: 404, data: { message: 'Not found.' } }));
    renderPortal('/profile');
    await screen.findByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/agreement')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Agreement' })).toBeNull();
  });

  it('leads to the notification settings, the one place to choose what arrives by mail', async () => {
    server(() => ({ status: 404, data: { message: 'Not found.' } }));
    renderPortal('/profile');
    const card = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(card).getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/notifications/settings',
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('makes the calendar feed, shows its address once, renews it and turns it off', async () => {
    let made = 0;
    let status: { created_at: string } | null = null;
    const address = (n: number) => ({
      url: `https://api.example.test/api/v1/calendar-feeds/t${n}.ics`,
      webcal: `webcal://api.example.test/api/v1/calendar-feeds/t${n}.ics`,
    });
    const calls = fakeApi((call) => {
      if (call.url === '/gapi') return gapiAnswer(call, { member });
      if (call.url !== '/api/v1/calendar-feed') return { status: 404, data: { message: 'Not found.' } };
      if (call.method === 'GET') return { status: 200, data: { data: status } };
      if (call.method === 'DELETE') {
        status = null;
        return { status: 200, data: { data: { revoked: true } } };
      }
      status = { created_at: '2030-03-11T09:00:00.000Z' };
      return { status: 201, data: { data: address(++made) } };
    });
    const user = userEvent.setup();
    // After setup(), which puts a clipboard of its own on navigator.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPortal('/profile');
    const section = (await screen.findByRole('heading', { name: 'Calendar feed' })).closest(
      'section',
    ) as HTMLElement;
    await user.click(await within(section).findByRole('button', { name: 'Make a feed address' }));
    expect(await within(section).findByLabelText('Feed address')).toHaveValue(address(1).url);
    expect(within(section).getByRole('heading', { name: 'Your feed address' })).toHaveFocus();
    expect(within(section).getByRole('link', { name: 'Subscribe in your calendar app' })).toHaveAttribute(
      'href',
      address(1).webcal,
    );
    await user.click(within(section).getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(address(1).url);
    expect(within(section).getByRole('status')).toHaveTextContent('The address is on your clipboard.');

    await user.click(within(section).getByRole('button', { name: 'Make a new address' }));
    const renew = screen.getByRole('alertdialog', { name: 'Make a new feed address?' });
    expect(within(renew).getByRole('button', { name: 'Keep this address' })).toHaveFocus();
    await user.click(within(renew).getByRole('button', { name: 'Make a new address' }));
    expect(await within(section).findByDisplayValue(address(2).url)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Turn off the feed' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Turn off your calendar feed?' })).getByRole('button', {
        name: 'Turn off',
      }),
    );
    expect(await within(section).findByRole('button', { name: 'Make a feed address' })).toBeInTheDocument();
    expect(within(section).queryByLabelText('Feed address')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/v1/calendar-feed').map((c) => c.method)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'POST', 'DELETE']),
    );
  });

  it('says since when a feed made earlier works, without its address (kept only as a hash)', async () => {
    fakeApi((call) => {
      if (call.url === '/gapi') return gapiAnswer(call, { member });
      if (call.url === '/api/v1/calendar-feed')
        return { status: 200, data: { data: { created_at: '2030-03-11T09:00:00.000Z' } } };
      return { status: 404, data: { message: 'Not found.' } };
    });
    renderPortal('/profile');
    expect(await screen.findByText(/Your feed works since March 11th, 2030/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Feed address')).toBeNull();
    expect(screen.getByRole('button', { name: 'Make a new address' })).toBeInTheDocument();
  });
});
