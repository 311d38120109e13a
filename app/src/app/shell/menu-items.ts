/**
 * The side menu of SPEC §2: 11 items in this order, three of them shown only with their page's training flag; the
 * active item is the one whose first path segment matches the current one.
 */
import type { TrainingFlags } from '@/lib/portal-config';
import { hasFlag, type User } from '@/lib/user';
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

/** An item shows when its page may be opened: the flag is the page's own (../page-table), never retyped here. */
export function visibleMenuItems(user: User, defaults: TrainingFlags): MenuItem[] {
  return MENU_ITEMS.filter((item) => {
    const flag = pageFlag(item.to);
    return !flag || hasFlag(user, flag, defaults);
  });
}

const firstSegment = (pathname: string): string => pathname.split('/').find(Boolean) ?? '';

export function isActiveItem(item: MenuItem, pathname: string): boolean {
  const segment = firstSegment(pathname);
  return [item.to, ...(item.also ?? [])].some((to) => firstSegment(to) === segment);
}
