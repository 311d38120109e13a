import { rolePage, type PageModule } from './lazy-page';

/** The admin's page modules, kept out of the main entry like the coach's (see ./coach-pages). */
const pages = import.meta.glob<PageModule>('../features/admin-*/components/*-page.tsx');

export const adminPage = (name: string): Promise<PageModule> => rolePage(pages, name);
