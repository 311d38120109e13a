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
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const handle: ScriptProcess = {
    get output() {
      return output;
    },
    async stop() {
      child.kill('SIGTERM');
      await child;
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(ready)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await handle.stop();
      throw new Error(`scripts/${script} did not come up:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return handle;
}
