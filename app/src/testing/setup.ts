import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { checkConsole, watchConsole } from './console';

beforeEach(() => watchConsole());

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The console is checked after
// the unmount, so warnings written while the page is taken down count for this test too.
afterEach(() => {
  cleanup();
  checkConsole();
});
