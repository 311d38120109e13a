// bench:api's latency verdict: every kind of the paced mix is judged by its own p99, not the mix's overall p99,
// which the frequent fast reads keep low while a slow kind hides in the last percent. Logins have a target of
// their own: a password check runs argon2id, which costs about 50 ms on purpose (api/src/services/auth).
import type { KindStats } from './bench-mix.js';

const latencyTargets = { p99Ms: 100, loginP99Ms: 250 };

/** Logins are the kinds that check a password (their names start with "login:", lib/bench-mix.ts). */
const isLogin = (kind: KindStats) => kind.name.startsWith('login:');

export interface KindVerdict {
  name: string;
  p99: number;
  target: number;
  requests: number;
  /** Below its target; a kind that sent no request in the run is not met (nothing shows it was fast). */
  met: boolean;
}

export function kindVerdicts(kinds: KindStats[], targets = latencyTargets): KindVerdict[] {
  return kinds.map((kind) => {
    const target = isLogin(kind) ? targets.loginP99Ms : targets.p99Ms;
    return {
      name: kind.name,
      p99: kind.p99,
      target,
      requests: kind.requests,
      met: kind.requests > 0 && kind.p99 < target,
    };
  });
}

/** The verdict's lines: the claim it checks with met / NOT met and the load average, then one line per kind. */
export function latencyReport(kinds: KindStats[], loadAverage: string, targets = latencyTargets): string[] {
  const verdicts = kindVerdicts(kinds, targets);
  const all = verdicts.length > 0 && verdicts.every((v) => v.met);
  return [
    `- p99 < ${targets.p99Ms} ms for each kind of the paced mix, logins < ${targets.loginP99Ms} ms ` +
      `(argon2id costs about 50 ms a login by design): ${all ? 'met' : 'NOT met'} ` +
      `(load average ${loadAverage} after the run, 1, 5, 15 min)`,
    ...verdicts.map(
      (v) =>
        `  - ${v.name}: ` +
        (v.requests === 0
          ? 'no requests in the run: NOT met'
          : `${v.p99.toFixed(1)} ms < ${v.target} ms: ${v.met ? 'met' : 'NOT met'}`),
    ),
  ];
}
