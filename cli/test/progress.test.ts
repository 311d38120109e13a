import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/lib/context.js';

/**
 * The progress display on terminals of a given width, each in its own process: without the fallback a
 * width of 0 sends ora into an endless loop, which must fail this test rather than hang the test run.
 */
async function progressOnTerminal(columns: number, update = ''): Promise<string> {
  const lib = (file: string) => JSON.stringify(path.join(REPO_ROOT, 'cli/src/lib', file));
  const script = `
    import { Writable } from 'node:stream';
    import { cursorTo, moveCursor, clearLine } from 'node:readline';
    import { createContext } from ${lib('context.ts')};
    import { createProgress } from ${lib('progress.ts')};
    class Terminal extends Writable {
      text = '';
      isTTY = true;
      columns = ${columns};
      _write(chunk, _encoding, done) { this.text += chunk.toString(); done(); }
      cursorTo(x, y, cb) { return cursorTo(this, x, y, cb); }
      moveCursor(dx, dy, cb) { return moveCursor(this, dx, dy, cb); }
      clearLine(dir, cb) { return clearLine(this, dir, cb); }
    }
    const terminal = new Terminal();
    const progress = createProgress(createContext({}, { stderr: terminal, stdout: terminal, env: {} }));
    progress.start('Compiling the app');
    progress.update(${JSON.stringify(update)} || 'Compiling the app');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await progress.succeed('App compiled');
    process.stdout.write(JSON.stringify(terminal.text));
  `;
  const result = await execa('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    reject: false,
    timeout: 20_000,
    // A spinning ora blocks the event loop, so only SIGKILL ends it.
    killSignal: 'SIGKILL',
  });
  expect(result.timedOut, 'the progress display never finished').toBe(false);
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as string;
}

describe('progress', () => {
  it('falls back to plain lines on a terminal that reports no width, and finishes', async () => {
    expect(await progressOnTerminal(0)).toBe('Compiling the app...\n✔ App compiled\n');
  });

  it('animates a spinner on a sized terminal and ends it with the result', async () => {
    const text = stripVTControlCharacters(await progressOnTerminal(100));
    expect(text).toContain('Compiling the app');
    expect(text).toContain('✔ App compiled');
    expect(text).not.toContain('Compiling the app...');
  });

  it('shows an update (a progress bar) in the spinner, and nothing of it in plain lines', async () => {
    const bar = 'Reading [############------------] 1/2';
    expect(stripVTControlCharacters(await progressOnTerminal(100, bar))).toContain(bar);
    expect(await progressOnTerminal(0, bar)).toBe('Compiling the app...\n✔ App compiled\n');
  });
});
