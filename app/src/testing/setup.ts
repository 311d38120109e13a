import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { checkConsole, watchConsole } from './console';

// findBy/waitFor give up after 1 s by default; a page's first lazy load on a busy 2-core machine took longer
// (seen as timeouts in the notes, profile and team tests under load). A ceiling, not a timing: a passing wait
// returns as soon as the page is there.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => watchConsole());

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The console is checked after
// the unmount, so warnings written while the page is taken down count for this test too.
afterEach(() => {
  cleanup();
  checkConsole();
});
