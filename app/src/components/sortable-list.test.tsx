import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SortableList } from './sortable-list';

const lessons = [
  { id: 7, title: 'Pricing' },
  { id: 9, title: 'Hiring' },
  { id: 4, title: 'Cash flow' },
];

describe('SortableList', () => {
  it('hands onMove every row in the new order, each with what the caller put on it', () => {
    const onMove = vi.fn();
    render(
      <SortableList
        label="Lessons"
        items={lessons.map((lesson) => ({
          id: lesson.id,
          lesson,
          label: lesson.title,
          content: lesson.title,
        }))}
        onMove={onMove}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move “Cash flow” up' }));
    expect(onMove).toHaveBeenCalledExactlyOnceWith([
      expect.objectContaining({ id: 7, lesson: lessons[0] }),
      expect.objectContaining({ id: 4, lesson: lessons[2] }),
      expect.objectContaining({ id: 9, lesson: lessons[1] }),
    ]);
    expect(screen.getByText('“Cash flow” moved to position 2 of 3.')).toBeInTheDocument();
  });
});
