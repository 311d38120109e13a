/** bench:api's latency verdict: each kind against its own target, never the overall p99 alone. */
import { describe, expect, it } from 'vitest';
import type { KindStats } from './lib/bench-mix.js';
import { reminderVerdict } from './lib/bench-reminder-verdict.js';
import { kindVerdicts, latencyReport } from './lib/bench-verdict.js';

const kind = (name: string, p99: number, requests = 1000): KindStats => ({
  name,
  read: !name.startsWith('login') && name !== 'analytics flush',
  requests,
  errors: 0,
  apart: 0,
  rps: requests / 60,
  p50: p99 / 4,
  p95: p99 / 2,
  p99,
});

describe('bench:api latency verdict', () => {
  it('fails on one slow kind even when most requests are fast (the overall p99 would pass)', () => {
    const kinds = [kind('unread badge poll', 12, 50_000), kind('analytics flush', 116, 400)];
    const [verdict, poll, flush] = latencyReport(kinds, '1.00 0.50 0.25');
    expect(verdict).toMatch(/: NOT met \(load average 1\.00 0\.50 0\.25 after the run/);
    expect(poll).toBe('  - unread badge poll: 12.0 ms < 100 ms: met');
    expect(flush).toBe('  - analytics flush: 116.0 ms < 100 ms: NOT met');
  });

  it('judges logins against their own target, and says why', () => {
    const verdicts = kindVerdicts([
      kind('login: loginotp', 185),
      kind('login: studentlogin', 260),
      kind('notes', 9),
    ]);
    expect(verdicts.map((v) => [v.name, v.target, v.met])).toEqual([
      ['login: loginotp', 250, true],
      ['login: studentlogin', 250, false],
      ['notes', 100, true],
    ]);
    const [verdict] = latencyReport([kind('login: loginotp', 185), kind('notes', 9)], '0.10 0.10 0.10');
    expect(verdict).toContain('logins < 250 ms (argon2id costs about 50 ms a login by design): met');
  });

  it('does not call a kind met that sent no request', () => {
    const lines = latencyReport([kind('notes', 9), kind('login: studentlogin', 0, 0)], '0.10 0.10 0.10');
    expect(lines[0]).toContain(': NOT met');
    expect(lines[2]).toBe('  - login: studentlogin: no requests in the run: NOT met');
    expect(latencyReport([], '0.10 0.10 0.10')[0]).toContain(': NOT met');
  });
});

const paced = (p99: number, requests = 1000) => ({ ...kind('all', p99, requests), read: false });

describe('bench:reminders verdict', () => {
  const figures = { expected: 10_000, keys: 10_000, mails: 10_000, without: paced(20), during: paced(24) };

  it('meets both when every reminder came once and the p99 stayed within its allowance', () => {
    const [delivered, latency] = reminderVerdict(figures);
    expect(delivered).toBe(
      '- 10000 reminders delivered, each once: met (10000 distinct, 10000 mails, 0 duplicates)',
    );
    expect(latency).toBe(
      '- paced p99 with reminders <= 30.0 ms (without: 20.0 ms, x1.25 or +10 ms): met (24.0 ms)',
    );
  });

  it('fails on a duplicate even when the count of mails is right, and on one missing', () => {
    expect(reminderVerdict({ ...figures, keys: 9_999 })[0]).toMatch(
      /: NOT met \(9999 distinct, 10000 mails, 1 duplicates\)$/,
    );
    expect(reminderVerdict({ ...figures, mails: 9_999, keys: 9_999 })[0]).toContain(': NOT met');
  });

  it('fails a p99 above the allowance, or a run without requests', () => {
    expect(reminderVerdict({ ...figures, during: paced(31) })[1]).toMatch(/: NOT met \(31\.0 ms\)$/);
    expect(reminderVerdict({ ...figures, without: paced(100), during: paced(125) })[1]).toMatch(
      /<= 125\.0 ms.*: met/,
    );
    expect(reminderVerdict({ ...figures, during: paced(5, 0) })[1]).toContain(': NOT met');
  });
});
