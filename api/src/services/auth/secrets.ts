// Every secret handed to a client is random from the CSPRNG and stored only as its SHA-256, so a database leak
// does not hand out sessions, devices or reset links.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');

export const newReference = (): string => randomBytes(16).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const newOtpCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
