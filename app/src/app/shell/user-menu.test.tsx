import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { toUser } from '@/lib/user';
import { apiUser, testBrand, testConfig } from '@/testing/portal';
import { PortalContext } from '@/lib/portal-context';
import { UserMenu } from './user-menu';

function renderMenu(onLogout = vi.fn()) {
  render(
    <PortalContext.Provider value={{ config: testConfig, brand: testBrand }}>
      <MemoryRouter>
        <UserMenu user={toUser(apiUser())!} onLogout={onLogout} />
      </MemoryRouter>
    </PortalContext.Provider>,
  );
  return onLogout;
}

describe('the user menu (keyboard)', () => {
  it('opens with ArrowDown on the first item, moves with arrows, closes with Escape back on the button', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByRole('button', { name: /Rachel Kowalski/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await vi.waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('Logout calls the logout action', async () => {
    const user = userEvent.setup();
    const onLogout = renderMenu();
    await user.click(screen.getByRole('button', { name: /Rachel Kowalski/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
