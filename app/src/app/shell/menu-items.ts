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
  /**
   * Active only at its own address and under `also` (the coach's Today and the admin's People, whose addresses
   * start every other page's of their tree).
   */
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
  { label: 'Groups', to: paths.coachGroups, icon: 'users' },
  { label: 'Academy', to: paths.coachAcademy, icon: 'academy' },
  { label: 'Resources', to: paths.coachResources, icon: 'folder' },
];

/** The tenant admin's screens (their pages in ../page-table ADMIN_PAGES). */
const ADMIN_MENU_ITEMS: readonly MenuItem[] = [
  { label: 'People', to: paths.admin, icon: 'users', exact: true, also: [paths.adminPerson('')] },
  { label: 'Companies', to: paths.adminCompanies, icon: 'folder' },
  { label: 'Coach assignments', to: paths.adminAssignments, icon: 'coach' },
  { label: 'Import people', to: paths.adminImport, icon: 'note' },
  { label: 'Audit log', to: paths.adminAudit, icon: 'check' },
  { label: 'API keys', to: paths.adminKeys, icon: 'user' },
  { label: 'Webhooks', to: paths.adminWebhooks, icon: 'mail' },
];

/**
 * The items of the user's role; a client's show when their page may be opened: the flag is the page's own
 * (../page-table), never retyped here.
 */
export function visibleMenuItems(user: User, defaults: TrainingFlags): MenuItem[] {
  const role = userRole(user);
  if (role === 'coach') return [...COACH_MENU_ITEMS];
  if (role === 'admin') return [...ADMIN_MENU_ITEMS];
  return MENU_ITEMS.filter((item) => {
    const flag = pageFlag(item.to);
    return !flag || hasFlag(user, flag, defaults);
  });
}

const segments = (pathname: string): string[] => pathname.split('/').filter(Boolean);

/** An item is active on the pages whose address starts with its own segments (a client's: its first one). */
export function isActiveItem(item: MenuItem, pathname: string): boolean {
  const at = segments(pathname);
  const under = (to: string) => segments(to).every((segment, index) => at[index] === segment);
  if (item.exact) return at.join('/') === segments(item.to).join('/') || (item.also ?? []).some(under);
  return [item.to, ...(item.also ?? [])].some(under);
}
