/**
 * The navbar's user dropdown (Profile, Logout) as an ARIA menu button: Enter, Space or ArrowDown open it on the
 * first item, arrows move, Escape closes and gives focus back to the button, Tab or a click outside closes it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { fullName, userRole, type User } from '@/lib/user';
import { paths } from '@/config/paths';
import { Icon } from './icons';
import { UserAvatar } from '@/components/user-avatar';

export function UserMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(event.key === 'ArrowDown' ? 0 : -1));
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const index = items().indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusItem(index + 1);
    else if (event.key === 'ArrowUp') focusItem(index - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(-1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') return setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpen(!open);
          if (!open) requestAnimationFrame(() => focusItem(0));
        }}
        onKeyDown={onButtonKey}
      >
        <UserAvatar user={user} size={32} />
        <span className="user-menu-name">{fullName(user) || user.email}</span>
        <Icon name="chevron" size={16} />
      </button>
      {/* The keyboard handler belongs on the menu container per the ARIA menu pattern. */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div
        id={menuId}
        role="menu"
        className="user-menu-list"
        hidden={!open}
        onKeyDown={onMenuKey}
        aria-label="Account"
      >
        {/* My Profile is the client's page (SPEC §2); a coach's profile is not edited in the portal yet. */}
        {userRole(user) === 'client' && (
          <Link role="menuitem" tabIndex={-1} to={paths.profile} onClick={() => close(false)}>
            <Icon name="user" size={18} /> Profile
          </Link>
        )}
        <button
          role="menuitem"
          tabIndex={-1}
          type="button"
          onClick={() => {
            close(false);
            onLogout();
          }}
        >
          <Icon name="logout" size={18} /> Logout
        </button>
      </div>
    </div>
  );
}
