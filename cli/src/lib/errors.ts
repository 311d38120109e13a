/**
 * The CLI's one error sink. Commands throw a CliError (a code, one clear sentence, the next step); the entry
 * maps it to an exit code and prints it on stderr (and, with --json, as a JSON object on stdout). Anything else is a bug: a generic sentence, the stack only
 * with --debug.
 */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  invalidConfig: 3,
  storage: 4,
  partial: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class CliError extends Error {
  readonly exitCode: ExitCode;
  readonly hint: string | undefined;
  /** Already printed (e.g. a validation report): the sink prints only the hint, if any. */
  readonly reported: boolean;

  constructor(
    message: string,
    options: { exitCode?: ExitCode; hint?: string; reported?: boolean; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? EXIT.failure;
    this.hint = options.hint;
    this.reported = options.reported ?? false;
  }
}

/** The one wording of the usage hint: after commander's own errors (an unknown flag) and after ours alike. */
export const USAGE_HINT = 'Run `portal --help` for usage.';

export function usageError(message: string, hint?: string): CliError {
  return new CliError(message, { exitCode: EXIT.usage, hint: hint ?? USAGE_HINT });
}

/** What --json prints on stdout for a failure: the same sentence and next step, never a stack. */
export interface JsonError {
  error: { message: string; hint: string | null; exitCode: ExitCode };
}

export function formatError(
  error: unknown,
  debug: boolean,
): { text: string; exitCode: ExitCode; json: JsonError } {
  if (error instanceof CliError) {
    const lines = error.reported ? [] : [`error: ${error.message}`];
    if (error.hint) lines.push(error.hint);
    if (debug && error.stack) lines.push(error.stack);
    const json = { error: { message: error.message, hint: error.hint ?? null, exitCode: error.exitCode } };
    return { text: lines.join('\n'), exitCode: error.exitCode, json };
  }
  const message = `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
  const hint = 'Run the command again with --debug and report the output.';
  const lines = [`error: ${message}`, hint];
  if (debug && error instanceof Error && error.stack) lines.push(error.stack);
  return {
    text: lines.join('\n'),
    exitCode: EXIT.failure,
    json: { error: { message, hint, exitCode: EXIT.failure } },
  };
}
