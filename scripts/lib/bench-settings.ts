// What bench:api and bench:slots read of their environment and the machine: a whole-number setting, and the
// load average printed beside every figure (on this 2-core machine, above 2 something else is running).
import { loadavg } from 'node:os';

/** The environment variable `name` as a whole number above 0, else `fallback`. */
export const positive = (name: string, fallback: number): number => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number above 0`);
  return value;
};

/** The load average over 1, 5 and 15 minutes, as `uptime` prints it. */
export const loadAverage = (): string =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
