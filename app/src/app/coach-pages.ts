import { rolePage, type PageModule } from './lazy-page';

/**
 * The coach's page modules, one dynamic import further than the client's: the main entry then names only this
 * small chunk, not every coach page and the files each needs (Vite's preload list lives in the chunk that makes
 * the import), so the coach's tree can grow without growing what a client downloads to sign in. Every page file
 * of a coach feature is here, named by its file (./page-table's coachPage('clients') is
 * features/coach-clients/components/clients-page.tsx), so a new page needs no line.
 */
const pages = import.meta.glob<PageModule>('../features/coach-*/components/*-page.tsx');

export const coachPage = (name: string): Promise<PageModule> => rolePage(pages, name);
