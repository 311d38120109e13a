/**
 * The side menu of SPEC §2: 11 items in this order, three of them shown only with their page's training flag; the
 * active item is the one whose first path segment matches the current one.
 */
import type { TrainingFlags } from '@/lib/portal-config';
import { hasFlag, userRole, type User } from '@/lib/user';
import { paths } from '@/config/paths';
import { pageFlag } from '../page-table';
import type { IconName } from './icons';

interface MenuItem {
  label: string;
  to: string;
  icon: IconName;
  /** The item that carries the unread-mail badge. */
  unreadBadge?: boolean;
  /** Pages without an item of their own that belong to this one (SPEC's menu has eleven items, no more). */
  also?: readonly string[];
  /** Active only at its own address (the coach's Today, whose address starts every other coach page's). */
  exact?: boolean;
}

export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'My Schedule', to: paths.schedule, icon: 'calendar' },
  { label: 'My Groups', to: paths.groups, icon: 'users' },
  { label: 'My Lessons', to: paths.lessons, icon: 'play' },
  { label: 'My Resources', to: paths.resources, icon: 'folder' },
  // Assessments' implementation steps become action steps, and the board links to them.
  { label: 'My Action Steps', to: paths.actionSteps, icon: 'check', also: [paths.assessments] },
  { label: 'My Messages', to: paths.messages, icon: 'mail', unreadBadge: true },
  { label: 'My Metrics', to: paths.metrics, icon: 'chart' },
  { label: 'My Notes', to: paths.notes, icon: 'note' },
  { label: 'My Profile', to: paths.profile, icon: 'user' },
  { label: 'Business Academy', to: paths.businessAcademy, icon: 'academy' },
  { label: "My Coach's Profile", to: paths.coachProfile, icon: 'coach' },
];

/** The coach's workspace (its pages in ../page-table COACH_PAGES). */
const COACH_MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Today', to: paths.coach, icon: 'home', exact: true },
  { label: 'Clients', to: paths.coachClients, icon: 'users' },
  { label: 'Meetings', to: paths.coachSchedule, icon: 'calendar' },
  { label: 'Messages', to: paths.coachMessages, icon: 'mail', unreadBadge: true },
  { label: 'Requests', to: paths.coachRequests, icon: 'check' },
];

/**
 * The items of the user's role; a client's show when their page may be opened: the flag is the page's own
 * (../page-table), never retyped here.
 */
export function visibleMenuItems(user: User, defaults: TrainingFlags): MenuItem[] {
  if (userRole(user) === 'coach') return [...COACH_MENU_ITEMS];
  return MENU_ITEMS.filter((item) => {
    const flag = pageFlag(item.to);
    return !flag || hasFlag(user, flag, defaults);
  });
}

const segments = (pathname: string): string[] => pathname.split('/').filter(Boolean);

/** An item is active on the pages whose address starts with its own segments (a client's: its first one). */
export function isActiveItem(item: MenuItem, pathname: string): boolean {
  const at = segments(pathname);
  if (item.exact) return at.join('/') === segments(item.to).join('/');
  return [item.to, ...(item.also ?? [])].some((to) =>
    segments(to).every((segment, index) => at[index] === segment),
  );
}
