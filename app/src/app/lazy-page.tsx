/**
 * Pages load lazily (SPEC §2): 'Loading page....' while the chunk loads, 'Page loading error..... {message}'
 * when it fails or takes longer than the chunk load timeout of SPEC §9. Only the load is caught here: an error
 * while the page renders goes on to the router's crash screen.
 */
import { Suspense, lazy, useState, type ComponentType } from 'react';
import { PageLoading } from '@/components/page-loading';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function PageLoadError({ message }: { message: string }) {
  return (
    <div className="page-state" role="alert">
      Page loading error..... {message}
    </div>
  );
}

function withTimeout<T>(load: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the page did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} seconds.`)),
      CHUNK_LOAD_TIMEOUT_MS,
    );
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * A lazy page component; preload() starts fetching its chunk before it first renders, and settles once it is
 * in (or has failed).
 */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/** A page's chunk: the page, and optionally what starts its data as soon as the chunk is in. */
export interface PageModule {
  default: ComponentType;
  prefetch?: () => void;
}

/**
 * The page `name` of a role's page modules (./coach-pages, ./admin-pages): its file is
 * features/<feature>/components/<name>-page.tsx, one of that role's (their file names differ). Here, in the
 * entry, so that neither role's chunk needs a chunk of its own for it.
 */
export function rolePage(
  pages: Record<string, () => Promise<PageModule>>,
  name: string,
): Promise<PageModule> {
  const [file, ...others] = Object.keys(pages).filter((f) => f.endsWith(`/components/${name}-page.tsx`));
  const load = file !== undefined && others.length === 0 ? pages[file] : undefined;
  return load ? load() : Promise.reject(new Error(`there is no page ${name}.`));
}

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | undefined;
  // The page once its chunk is in: rendered at once rather than through a Suspense round with the fallback, so
  // the app's first commit over index.html's pre-rendered screen draws the page itself, not 'Loading page....'.
  let loaded: ComponentType | undefined;
  const start = () =>
    (loading ??= withTimeout(load)
      .then((module) => {
        module.prefetch?.();
        loaded = module.default;
        return module;
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        return { default: () => <PageLoadError message={message} /> };
      }));
  const Page = lazy(start);
  function LazyPage() {
    // Which way is chosen once, when the page is put on screen: switching from the Suspense round to the loaded
    // page at the next render would be another component there, and the page would lose its state (a step of
    // /book, a form half typed) on its first re-render, a navigation that changes only the query string.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload: start });
}
