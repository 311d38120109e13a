import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadContainer } from '../load-container';
import Analytics from './analytics';

// The test DOM cannot load a script; the real container request is checked in Chromium (e2e/analytics.test.ts).
vi.mock('../load-container', () => ({ loadContainer: vi.fn() }));
const containerScripts = () => vi.mocked(loadContainer).mock.calls.map(([id]) => id);

function renderAt(path: string, consentMode: 'required' | 'implied') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Analytics containerId="GTM-TEST123" consentMode={consentMode} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.mocked(loadContainer).mockClear();
  localStorage.clear();
});

describe('the analytics container', () => {
  it('asks first, loads the container once on Accept and remembers the answer', async () => {
    const user = userEvent.setup();
    const first = renderAt('/login', 'required');
    expect(containerScripts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(containerScripts()).toEqual(['GTM-TEST123']);
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull();
    first.unmount();
    // The next page load: the remembered answer loads the container without asking.
    renderAt('/schedule', 'required');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(containerScripts()).toEqual(['GTM-TEST123', 'GTM-TEST123']);
  });

  it('loads nothing after Decline, and does not ask again', async () => {
    const user = userEvent.setup();
    const first = renderAt('/login', 'required');
    expect(screen.getByRole('region', { name: 'Analytics cookies' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    first.unmount();
    renderAt('/login', 'required');
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull();
    expect(containerScripts()).toEqual([]);
  });

  it('loads at once when consent is implied, but never on a token route', () => {
    const onReset = renderAt('/reset/0123abcd', 'implied');
    expect(containerScripts()).toEqual([]);
    onReset.unmount();
    renderAt('/fbslogin/0123abcd', 'required');
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).toBeNull();
    renderAt('/login', 'implied');
    expect(containerScripts()).toHaveLength(1);
  });
});
