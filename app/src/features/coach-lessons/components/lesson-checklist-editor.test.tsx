import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS } from '@/lib/autosave';
import { sessionStore } from '@/lib/session';
import { UNDO_MS } from '@/components/undo-delete';
import { apiUser, fakeApi, type FakeCall } from '@/testing/portal';
import { LessonChecklistEditor } from './lesson-checklist-editor';

const URL = '/api/v1/coach/lessons/5/checklist';
type Sent = { items: { id?: number; text: string }[] };

/** The API as the server answers: a save stores the list in order, new items get the next ids. */
function server(items: { id: number; text: string }[]) {
  let stored = items;
  let next = 100;
  return fakeApi((call) => {
    if (call.method === 'POST' && call.url === URL) {
      stored = (call.body as Sent).items.map((item) => ({ id: item.id ?? next++, text: item.text }));
      return { status: 200, data: { data: { items: stored } } };
    }
    return { status: 200, data: { data: { items: stored } } };
  });
}

const saves = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.url === URL).map((c) => (c.body as Sent).items);

async function open(
  items = [
    { id: 1, text: 'Bring the price list' },
    { id: 2, text: 'Mark best sellers' },
  ],
) {
  const calls = server(items);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LessonChecklistEditor lessonId={5} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  await act(() => vi.advanceTimersByTimeAsync(10));
  return calls;
}

const saveNow = () => act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10));

beforeEach(() => {
  sessionStore.signIn(apiUser());
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LessonChecklistEditor', () => {
  it('says how edits affect members, adds an item and saves the list in order, the new item then by its id', async () => {
    const calls = await open();
    expect(screen.getByText(/Adding an item makes the lesson incomplete again/)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'New checklist item' }), {
      target: { value: 'Pick one price' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await saveNow();
    expect(saves(calls)[0]).toEqual([
      { id: 1, text: 'Bring the price list' },
      { id: 2, text: 'Mark best sellers' },
      { text: 'Pick one price' },
    ]);
    // The answer's id is taken into the list (saved once more, with it).
    await saveNow();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    // Edited again, the new item is saved with the id the server gave it, not as another new one.
    fireEvent.change(screen.getByRole('textbox', { name: 'Item 3' }), {
      target: { value: 'Pick one price!' },
    });
    await saveNow();
    expect(saves(calls).at(-1)).toEqual([
      { id: 1, text: 'Bring the price list' },
      { id: 2, text: 'Mark best sellers' },
      { id: 100, text: 'Pick one price!' },
    ]);
  });

  it('moves an item with its move button and saves the new order', async () => {
    const calls = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Move “Bring the price list” down' }));
    await saveNow();
    expect(saves(calls).at(-1)).toEqual([
      { id: 2, text: 'Mark best sellers' },
      { id: 1, text: 'Bring the price list' },
    ]);
    expect(screen.getByText('“Bring the price list” moved to position 2 of 2.')).toBeInTheDocument();
  });

  it('says an emptied item must be written or removed, and saves nothing meanwhile', async () => {
    const calls = await open();
    fireEvent.change(screen.getByRole('textbox', { name: 'Item 1' }), { target: { value: '  ' } });
    await saveNow();
    expect(screen.getByText('Write the item, or remove it.')).toBeInTheDocument();
    expect(saves(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getByText('Write the item.')).toBeInTheDocument();
  });

  it('removes an item with an undo: nothing is saved until the undo time is over, Undo keeps it', async () => {
    const calls = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Remove “Mark best sellers”' }));
    expect(screen.queryByRole('textbox', { name: 'Item 2' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(50));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS + AUTOSAVE_DELAY_MS));
    expect(screen.getByRole('textbox', { name: 'Item 2' })).toHaveValue('Mark best sellers');
    expect(saves(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove “Bring the price list”' }));
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS - 100));
    expect(saves(calls)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await saveNow();
    expect(saves(calls)).toEqual([[{ id: 2, text: 'Mark best sellers' }]]);
    const list = screen.getByRole('list', { name: 'Checklist' });
    expect(
      within(list)
        .getAllByRole('textbox')
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(['Mark best sellers']);
  });

  it('shows the empty state for a lesson without a checklist', async () => {
    await open([]);
    expect(screen.getByText(/No checklist yet/)).toBeInTheDocument();
  });
});
