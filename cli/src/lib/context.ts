import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flag, text, type RawOptions } from './options.js';

/** The repository root: cli/src/lib -> ../../.. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What every command receives besides its own options: where things are and how to talk to the user. */
export interface Context {
  cwd: string;
  repoRoot: string;
  tenantsDir: string;
  json: boolean;
  debug: boolean;
  /** Colour and animation on stderr: only on a TTY, never with NO_COLOR or --no-color. */
  color: boolean;
  /** The same rule for stdout, which may be piped while stderr is the terminal (`portal list | grep acme`). */
  colorStdout: boolean;
  /** Interactive prompts allowed: a TTY on stdin and stderr, and not CI. */
  interactive: boolean;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export interface GlobalOptions {
  tenantsDir?: string;
  json?: boolean;
  debug?: boolean;
  color?: boolean;
}

export function parseGlobalOptions(raw: RawOptions): GlobalOptions {
  return {
    tenantsDir: text(raw, 'tenantsDir'),
    json: flag(raw, 'json'),
    debug: flag(raw, 'debug'),
    color: flag(raw, 'color'),
  };
}

export function createContext(global: GlobalOptions, io: Partial<Context> = {}): Context {
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const stderr = io.stderr ?? process.stderr;
  const stdout = io.stdout ?? process.stdout;
  const isTTY = Boolean((stderr as { isTTY?: boolean }).isTTY);
  const ci = Boolean(env.CI && env.CI !== 'false' && env.CI !== '0');
  const colorAllowed = global.color !== false && !env.NO_COLOR;
  return {
    cwd,
    repoRoot: io.repoRoot ?? REPO_ROOT,
    tenantsDir: path.resolve(
      cwd,
      global.tenantsDir ?? env.PORTAL_TENANTS_DIR ?? path.join(REPO_ROOT, 'tenants'),
    ),
    json: Boolean(global.json),
    debug: Boolean(global.debug),
    color: colorAllowed && isTTY,
    colorStdout: colorAllowed && Boolean((stdout as { isTTY?: boolean }).isTTY),
    interactive: io.interactive ?? (Boolean(process.stdin.isTTY) && isTTY && !ci),
    stdout,
    stderr,
    env,
  };
}

/** Progress, logs and messages: stderr, so they never mix with a result someone pipes. */
export function say(ctx: Context, line = ''): void {
  ctx.stderr.write(`${line}\n`);
}

/** A command's result (the list table, the validate report, a dry-run plan): stdout, so it pipes. */
export function print(ctx: Context, line = ''): void {
  ctx.stdout.write(`${line}\n`);
}

export function printJson(ctx: Context, value: unknown): void {
  ctx.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
