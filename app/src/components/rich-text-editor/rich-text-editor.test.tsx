import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RichTextEditor } from './rich-text-editor';

function Harness({ initial }: { initial: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <RichTextEditor id="body" label="Lesson text" value={html} onChange={setHtml} />
      <output data-testid="html">{html}</output>
    </>
  );
}

describe('RichTextEditor', () => {
  it('loads lazily, labels the text and every tool, and moves through the toolbar with the arrows', async () => {
    render(<Harness initial="<p>Hello coach</p>" />);
    expect(screen.getByText('Loading the editor…')).toBeInTheDocument();
    const text = await screen.findByRole('textbox', { name: 'Lesson text' });
    expect(text).toHaveTextContent('Hello coach');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const bold = screen.getByRole('button', { name: 'Bold' });
    const italic = screen.getByRole('button', { name: 'Italic' });
    const link = screen.getByRole('button', { name: 'Link' });
    // One tab stop: only the current tool is in the tab order.
    expect(bold).toHaveAttribute('tabindex', '0');
    expect(italic).toHaveAttribute('tabindex', '-1');
    act(() => bold.focus());
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(italic).toHaveFocus();
    fireEvent.keyDown(toolbar, { key: 'End' });
    expect(link).toHaveFocus();
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(bold).toHaveFocus();
  });

  it('writes HTML: a heading from the toolbar, and refuses a javascript: link', async () => {
    render(<Harness initial="<p>Week one</p>" />);
    await screen.findByRole('textbox', { name: 'Lesson text' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Heading' })));
    expect(screen.getByTestId('html')).toHaveTextContent('<h2>Week one</h2>');
    expect(screen.getByRole('button', { name: 'Heading' })).toHaveAttribute('aria-pressed', 'true');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link' })));
    fireEvent.change(screen.getByLabelText('Link address'), { target: { value: 'javascript:alert(1)' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply link' })));
    expect(
      screen.getByText('Enter a link that starts with https://, http:// or mailto:'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('html')).not.toHaveTextContent('javascript');
  });
});
