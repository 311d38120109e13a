import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, useAutosave } from '@/lib/autosave';
import { SaveStatus } from './save-status';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function Draft({ save }: { save: (v: { title: string }) => Promise<unknown> }) {
  const [title, setTitle] = useState('Loaded');
  const { status, retry } = useAutosave({ title }, save);
  return (
    <>
      <label>
        Title
        <input value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <SaveStatus status={status} retry={retry} />
    </>
  );
}

const type = (value: string) => fireEvent.change(screen.getByLabelText('Title'), { target: { value } });

describe('useAutosave', () => {
  it('does not save what was loaded, shows Saving… then Saved, and saves what waits on leaving', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { unmount } = render(<Draft save={save} />);
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    expect(save).not.toHaveBeenCalled();
    type('Loaded!');
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(save).toHaveBeenCalledExactlyOnceWith({ title: 'Loaded!' });
    expect(screen.getByText('Saved')).toBeInTheDocument();

    type('Loaded!?');
    unmount();
    expect(save).toHaveBeenLastCalledWith({ title: 'Loaded!?' });
  });

  it('offers a retry after a failed save', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    render(<Draft save={save} />);
    type('Loadedx');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(screen.getByText(/Not saved/)).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'retry' })));
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ title: 'Loadedx' });
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });
});
