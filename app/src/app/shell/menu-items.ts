/**
 * The side menu of SPEC §2: 11 items in this order, three of them shown only with their page's training flag, and
 * Book a session (with the booking flag) after My Schedule; the coach's and the admin's workspaces
 * have their own. Each item is its page's `menu` in ../page-table, in the
 * table's order, so a page and its item are one entry there; the active item is the one whose first path
 * segment matches the current one.
 */
import type { TrainingFlags } from '@/lib/portal-config';
import { hasFlag, userRole, type Flag, type User } from '@/lib/user';
import { ADMIN_PAGES, COACH_PAGES, SIGNED_IN_PAGES, type MenuEntry, type PageEntry } from '../page-table';

interface MenuItem extends MenuEntry {
  label: string;
  to: string;
  /** Its page's training flag: the item shows only with it. */
  flag?: Flag;
}

const itemsOf = (pages: readonly PageEntry[], my = ''): readonly MenuItem[] =>
  pages.flatMap(({ path, title, flag, menu }) =>
    menu ? [{ ...menu, label: menu.label ?? my + title, to: path, ...(flag ? { flag } : {}) }] : [],
  );

export const MENU_ITEMS = itemsOf(SIGNED_IN_PAGES, 'My ');
const COACH_MENU_ITEMS = itemsOf(COACH_PAGES);
const ADMIN_MENU_ITEMS = itemsOf(ADMIN_PAGES);

/**
 * The items of the user's role; a client's show when their page may be opened: the flag is the page's own
 * (../page-table), never retyped here.
 */
export function visibleMenuItems(user: User, defaults: TrainingFlags): MenuItem[] {
  const role = userRole(user);
  if (role === 'coach') return [...COACH_MENU_ITEMS];
  if (role === 'admin') return [...ADMIN_MENU_ITEMS];
  return MENU_ITEMS.filter((item) => !item.flag || hasFlag(user, item.flag, defaults));
}

const segments = (pathname: string): string[] => pathname.split('/').filter(Boolean);

/** An item is active on the pages whose address starts with its own segments (a client's: its first one). */
export function isActiveItem(item: MenuItem, pathname: string): boolean {
  const at = segments(pathname);
  const under = (to: string) => segments(to).every((segment, index) => at[index] === segment);
  if (item.exact) return at.join('/') === segments(item.to).join('/') || (item.also ?? []).some(under);
  return [item.to, ...(item.also ?? [])].some(under);
}
