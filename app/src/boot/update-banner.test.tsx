import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UpdateBanner } from './update-banner';

describe('UpdateBanner', () => {
  it('is an accessible status with a real Reload button', async () => {
    const onReload = vi.fn();
    render(<UpdateBanner onReload={onReload} />);
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');
    const button = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(button);
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
  });
});
