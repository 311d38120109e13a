import { useState, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, lazyPage } from './lazy-page';

afterEach(() => vi.useRealTimers());

describe('lazy pages (SPEC §2, §9)', () => {
  it("shows 'Loading page....' while the chunk loads, then the page", async () => {
    let resolve!: (module: { default: ComponentType }) => void;
    const Page = lazyPage(() => new Promise((r) => (resolve = r)));
    render(<Page />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading page....');
    await act(async () => resolve({ default: () => <h1>Notes</h1> }));
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
  });

  it('fetches the chunk on preload(), once, and renders from that same load', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <h1>Schedule</h1> }));
    const Page = lazyPage(load);
    void Page.preload();
    void Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(<Page />);
    expect(await screen.findByRole('heading', { name: 'Schedule' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws a page whose chunk is already in at its first render, with no loading state first', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: () => <h1>Sign in</h1> }));
    await Page.preload();
    render(<Page />);
    // Synchronously: the app's first commit over index.html's pre-rendered screen is the page itself.
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page....')).toBeNull();
  });

  // A page first drawn through the loading state kept its state only until its next render: the loaded page
  // was then another component at that place, so a step of /book was lost on the first query-string change.
  it('keeps the state of a page drawn through the loading state when it renders again', async () => {
    function Counter() {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          {`Pressed ${count}`}
        </button>
      );
    }
    const Page = lazyPage(() => Promise.resolve({ default: Counter }));
    const view = render(<Page />);
    const button = await screen.findByRole('button', { name: 'Pressed 0' });
    act(() => button.click());
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
    view.rerender(<Page />);
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
  });

  it("starts the page's data as soon as its chunk is in, once", async () => {
    const prefetch = vi.fn();
    const Page = lazyPage(() => Promise.resolve({ default: () => <h1>Schedule</h1>, prefetch }));
    void Page.preload();
    render(<Page />);
    expect(await screen.findByRole('heading', { name: 'Schedule' })).toBeInTheDocument();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it("shows 'Page loading error..... {message}' when the chunk fails", async () => {
    const Page = lazyPage(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(<Page />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Page loading error..... Failed to fetch dynamically imported module',
    );
  });

  it('gives up after the chunk load timeout of 120000 ms', async () => {
    vi.useFakeTimers();
    const Page = lazyPage(() => new Promise(() => undefined));
    render(<Page />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS)));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Page loading error..... the page did not load within 120 seconds.',
    );
  });
});
