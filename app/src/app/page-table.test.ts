import { describe, expect, it } from 'vitest';
import { adminPage } from './admin-pages';
import { coachPage } from './coach-pages';
import {
  ADMIN_PAGES,
  COACH_PAGES,
  GUEST_PAGES,
  OPEN_PAGES,
  SIGNED_IN_PAGES,
  type PageEntry,
} from './page-table';
import table from './page-table.ts?raw';

// ./page-table names each coach and admin page by its file: a name that is no page file of that role would
// only show 'Page loading error' to the coach or admin who opens it, so each is checked here.
const named = [...table.matchAll(/\b(coach|admin)Page\('([^']+)'\)/g)].map(([, role, name]) => [
  role!,
  name!,
]);
const pageOf: Record<string, typeof coachPage> = { coach: coachPage, admin: adminPage };

describe("the coach's and the admin's pages in the page table", () => {
  it.each(named)('%s page %s is a page file of its role', async (role, name) => {
    const module = await pageOf[role]!(name);
    expect(typeof module.default).toBe('function');
  });

  // The other way round: a page file no entry names is a screen nobody can open (a forgotten page-table line).
  it('names every page file of the coach and admin features', () => {
    const files = Object.keys(import.meta.glob(['../features/{coach,admin}-*/components/*-page.tsx']));
    const unnamed = files.filter((file) => {
      const [, role, name] = /features\/(coach|admin)-[^/]+\/components\/(.+)-page\.tsx$/.exec(file) ?? [];
      return !named.some(([r, n]) => r === role && n === name);
    });
    expect(unnamed).toEqual([]);
    expect(files.length).toBeGreaterThan(20);
  });

  it('finds them, and refuses a name that is no page of the role', async () => {
    expect(named.length).toBeGreaterThan(20);
    await expect(coachPage('no-such')).rejects.toThrow('there is no page no-such.');
    await expect(coachPage('people')).rejects.toThrow('there is no page people.');
  });
});

describe('the page table', () => {
  // A path is written once: in @/config/paths, or in its page's entry when only the menu leads there.
  it('gives each page a path of its own', () => {
    const all = (pages: readonly PageEntry[]): string[] =>
      pages.flatMap((entry) => [entry.path, ...all(entry.children ?? [])]);
    const everyPath = [GUEST_PAGES, OPEN_PAGES, SIGNED_IN_PAGES, COACH_PAGES, ADMIN_PAGES].flatMap(all);
    expect(everyPath.filter((path, i) => everyPath.indexOf(path) !== i)).toEqual([]);
  });
});
