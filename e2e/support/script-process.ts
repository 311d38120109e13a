/**
 * One of the project's scripts (npm start, npm run dev) as a user runs it: its own process, ready when it prints
 * the line that says so; stop() sends SIGTERM (Ctrl-C) and waits for it to end.
 */
import path from 'node:path';
import { execa } from 'execa';
import { REPO_ROOT } from '../../scripts/lib/api-process.js';

export interface ScriptProcess {
  /** Everything it printed so far, stdout and stderr. */
  readonly output: string;
  stop(): Promise<void>;
}

export async function startScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: string,
  timeoutMs: number,
): Promise<ScriptProcess> {
  const child = execa('node', ['--import', 'tsx', path.join('scripts', script), ...args], {
    cwd: REPO_ROOT,
    reject: false,
    env,
  });
  let output = '';
  // Ready the moment the line is printed (each chunk is looked at as it comes), not at the next poll.
  let isReady!: () => void;
  const printed = new Promise<void>((resolve) => (isReady = resolve));
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes(ready)) isReady();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const handle: ScriptProcess = {
    get output() {
      return output;
    },
    async stop() {
      child.kill('SIGTERM');
      await child;
    },
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = await Promise.race([
    printed.then(() => 'ready' as const),
    child.then(() => 'ended' as const),
    new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (outcome !== 'ready') {
    await handle.stop();
    throw new Error(`scripts/${script} did not come up (${outcome}):\n${output}`);
  }
  return handle;
}
