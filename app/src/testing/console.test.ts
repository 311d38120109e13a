import { describe, expect, it } from 'vitest';
import { checkConsole, expectConsole, watchConsole } from './console';

// setup.ts already watches every test; these call the check themselves, then watch again for setup's own check.
describe('the console check of every app test', () => {
  it('fails a test for console.warn or console.error output it did not announce', () => {
    console.warn('Query data cannot be undefined.');
    expect(() => checkConsole()).toThrow(/console\.warn: Query data cannot be undefined\./);
    watchConsole();
    console.error('Warning: Each child in a list should have a unique "key" prop.');
    expect(() => checkConsole()).toThrow(/console\.error: Warning: Each child/);
    watchConsole();
  });

  it('lets announced output through, and fails when the announced output never came', () => {
    expectConsole('error', /^API error POST \/x /);
    console.error('API error', 'POST', '/x', { message: 'Boom.' });
    expect(() => checkConsole()).not.toThrow();
    watchConsole();
    expectConsole('warn', /never written/);
    expect(() => checkConsole()).toThrow('no console.warn matched /never written/');
    watchConsole();
  });
});
