/**
 * A benchmark's server process: the same script started again with `serve <workDir>`, so the load tool (the
 * parent) does not share the API's event loop. They talk over IPC only: the parent asks, the child answers with
 * a message of the type asked for.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

export class Child<To extends { type: string }, From extends { type: string }> {
  private waiting = new Map<From['type'], { resolve: (m: From) => void; reject: (e: Error) => void }>();
  constructor(readonly process: ChildProcess) {
    process.on('message', (message: From) => this.waiting.get(message.type)?.resolve(message));
    process.once('exit', () => {
      for (const { reject } of this.waiting.values()) reject(new Error('the server process ended'));
    });
  }
  /** Sends `message` (if any) and waits for the child's next message of `type`. */
  ask<T extends From['type']>(type: T, message?: To): Promise<Extract<From, { type: T }>> {
    const answer = new Promise<Extract<From, { type: T }>>((resolve, reject) => {
      this.waiting.set(type, { resolve: (m) => resolve(m as Extract<From, { type: T }>), reject });
    });
    if (message) this.process.send(message);
    return answer;
  }
  /** Asks the child to stop (`stop`, which it answers by exiting) and waits until it has, unless it already did. */
  async stop(stop: To): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = new Promise((r) => this.process.once('exit', r));
    this.process.send(stop);
    await exited;
  }
}

/**
 * Starts `script serve workDir` under this Node with its loaders (tsx), the garbage collector exposed and, with
 * `cpuProfDir`, a CPU profile written there when it ends.
 */
export function startServer<To extends { type: string }, From extends { type: string }>(
  script: string,
  workDir: string,
  cpuProfDir?: string,
): Child<To, From> {
  const profile = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  return new Child(
    spawn(process.execPath, [...process.execArgv, '--expose-gc', ...profile, script, 'serve', workDir], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: process.env,
    }),
  );
}
