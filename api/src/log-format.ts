// How the server's log reads. JSON, one object a line, is for collectors (the default without a terminal); a
// person watching a terminal or `npm start` gets one plain line per entry instead:
//   14:02:07 WARN  under pressure: request refused type=eventLoopDelay value=1204.3
// LOG_FORMAT=json or LOG_FORMAT=pretty picks one whatever the output is.

type LogFormat = 'json' | 'pretty';

export function logFormat(env: NodeJS.ProcessEnv, isTTY: boolean | undefined): LogFormat {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return isTTY ? 'pretty' : 'json';
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
// Shown in the line's head, or the same on every line of one process.
const HEAD = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/** A field's value: bare when it reads so, quoted when it has spaces; an error by its message (the stack is JSON's). */
function shown(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  )
    return JSON.stringify((value as { message: string }).message);
  return JSON.stringify(value) ?? String(value);
}

/** One pino JSON line as a person reads it; anything that is not a log entry passes unchanged. */
export function prettyLine(line: string): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return line;
  const fields = entry as Record<string, unknown>;
  const time = typeof fields.time === 'number' ? new Date(fields.time).toTimeString().slice(0, 8) : '';
  const level = typeof fields.level === 'number' ? (LEVELS[fields.level] ?? String(fields.level)) : '';
  const rest = Object.entries(fields)
    .filter(([key]) => !HEAD.has(key))
    .map(([key, value]) => `${key}=${shown(value)}`);
  return [time, level.padEnd(5), typeof fields.msg === 'string' ? fields.msg : '', ...rest]
    .filter((part) => part.trim() !== '')
    .join(' ');
}

/** A destination for the logger that writes each entry as prettyLine does. */
export function prettyStream(out: NodeJS.WritableStream): { write(chunk: string): void } {
  return {
    write(chunk) {
      for (const line of chunk.split('\n')) if (line) out.write(`${prettyLine(line)}\n`);
    },
  };
}
