import type { Context } from './context.js';

/**
 * Progress on stderr: an ora spinner on a TTY, plain lines otherwise (CI logs), nothing with --json beyond
 * the final result. ora is loaded only when a spinner is really shown.
 *
 * A terminal that reports no width (a pty nobody sized, as some CI runners and `docker run -t` give) gets plain
 * lines too: ora divides by the width, and with 0 it clears lines forever and never lets the command end.
 */
export interface Progress {
  start(text: string): void;
  /** New text for the running spinner (a counter, a bar); plain output shows only start and end. */
  update(text: string): void;
  succeed(text: string): Promise<void>;
  fail(text: string): Promise<void>;
  line(text: string): void;
}

export function createProgress(ctx: Context): Progress {
  const quiet = ctx.json;
  let spinner: { text: string; succeed(t: string): void; fail(t: string): void; stop(): void } | null = null;
  // The spinner's text as last updated: ora may still be loading when the first update comes.
  let latest = '';
  let pending: Promise<void> | null = null;
  const write = (text: string) => {
    if (!quiet) ctx.stderr.write(`${text}\n`);
  };
  return {
    start(text) {
      if (quiet) return;
      const columns = (ctx.stderr as { columns?: number }).columns;
      if (!ctx.color || !(typeof columns === 'number' && columns > 0)) {
        write(`${text}...`);
        return;
      }
      latest = text;
      pending = import('ora').then(({ default: ora }) => {
        spinner = ora({ text: latest, stream: ctx.stderr as NodeJS.WriteStream }).start();
      });
    },
    update(text) {
      latest = text;
      if (spinner) spinner.text = text;
    },
    succeed: (text) => finish((s) => s.succeed(text), `✔ ${text}`),
    fail: (text) => finish((s) => s.fail(text), `✖ ${text}`),
    line: write,
  };
  async function finish(withSpinner: (s: NonNullable<typeof spinner>) => void, plain: string): Promise<void> {
    if (quiet) return;
    if (pending) await pending;
    if (spinner) {
      withSpinner(spinner);
      spinner = null;
    } else {
      write(plain);
    }
  }
}
