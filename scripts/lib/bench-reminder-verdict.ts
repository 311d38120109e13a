// bench:reminders' verdict: every reminder delivered once (as many distinct keys as mails as reminders), and the
// API's paced p99 while they are sent within noise of the p99 without them.
import type { KindStats } from './bench-mix.js';

/** "Unchanged": at most this much above the p99 without reminders (the larger of the two allowances). */
const P99_TOLERANCE = { factor: 1.25, ms: 10 };

const ms = (n: number) => n.toFixed(1);

/** The verdict's lines: delivery with no duplicate, and the paced p99 with reminders against without. */
export function reminderVerdict(
  figures: { expected: number; keys: number; mails: number; without: KindStats; during: KindStats },
  tolerance = P99_TOLERANCE,
): string[] {
  const { expected, keys, mails, without, during } = figures;
  const delivered = keys === expected && mails === expected;
  const limit = Math.max(without.p99 * tolerance.factor, without.p99 + tolerance.ms);
  const unchanged = without.requests > 0 && during.requests > 0 && during.p99 <= limit;
  return [
    `- ${expected} reminders delivered, each once: ${delivered ? 'met' : 'NOT met'} ` +
      `(${keys} distinct, ${mails} mails, ${mails - keys} duplicates)`,
    `- paced p99 with reminders <= ${ms(limit)} ms (without: ${ms(without.p99)} ms, ` +
      `x${tolerance.factor} or +${tolerance.ms} ms): ${unchanged ? 'met' : 'NOT met'} (${ms(during.p99)} ms)`,
  ];
}
