// The server's log as a person reads it in a terminal or `npm start` (one plain line per entry), and JSON
// everywhere else: `npm start` printed raw JSON lines ("under pressure: request refused") among its banner.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logFormat, prettyLine, prettyStream } from '../src/log-format.js';

describe('log format', () => {
  it('is pretty on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({}, undefined)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });

  it('writes an entry as one line: time, level, message, then the fields', () => {
    const line = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 0, 5, 14, 2, 7),
      pid: 42,
      hostname: 'box',
      reqId: 'r-1',
      type: 'eventLoopDelay',
      value: 1204.3,
      msg: 'under pressure: request refused',
    });
    expect(prettyLine(line)).toMatch(
      /^\d\d:\d\d:07 WARN {2}under pressure: request refused reqId=r-1 type=eventLoopDelay value=1204\.3$/,
    );
    const failed = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'request failed',
      err: { type: 'Error', message: 'no db', stack: 'Error: no db\n    at x' },
    });
    expect(prettyLine(failed)).toMatch(/ ERROR request failed err="no db"$/);
    expect(prettyLine('portal API: port 8080 is in use')).toBe('portal API: port 8080 is in use');
  });

  it("is what Fastify's logger writes through prettyStream: no JSON reaches the output", async () => {
    let written = '';
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream: prettyStream(out) } });
    app.log.warn({ type: 'eventLoopDelay', value: 1500 }, 'under pressure: request refused');
    await app.close();
    const lines = written.trim().split('\n');
    expect(
      lines.some((l) => / WARN {2}under pressure: request refused type=eventLoopDelay value=1500$/.test(l)),
    ).toBe(true);
    expect(lines.filter((l) => l.startsWith('{'))).toEqual([]);
  });
});
