import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteWithUndo, UNDO_MS } from './undo-delete';

function setup(commit = vi.fn(() => Promise.resolve())) {
  const hide = vi.fn();
  const restore = vi.fn();
  render(<ToastContainer />);
  act(() => deleteWithUndo({ message: 'Lesson deleted', hide, restore, commit }));
  return { hide, restore, commit };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('deleteWithUndo', () => {
  it('hides at once and sends the delete only when the undo time is over', async () => {
    const { hide, commit, restore } = setup();
    expect(hide).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText(/Lesson deleted/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS - 100));
    expect(commit).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(commit).toHaveBeenCalledTimes(1);
    expect(restore).not.toHaveBeenCalled();
  });

  it('Undo puts the item back and sends nothing', async () => {
    const { commit, restore } = setup();
    await act(() => vi.advanceTimersByTimeAsync(50));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Undo' })));
    expect(restore).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS * 2));
    expect(commit).not.toHaveBeenCalled();
  });

  it('puts the item back when the API refuses the delete', async () => {
    const { restore } = setup(vi.fn(() => Promise.reject(new Error('refused'))));
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS));
    expect(restore).toHaveBeenCalledTimes(1);
  });

  it('sends what waits when the page is left', async () => {
    const { commit } = setup();
    act(() => window.dispatchEvent(new Event('pagehide')));
    expect(commit).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS));
    expect(commit).toHaveBeenCalledTimes(1);
  });
});
