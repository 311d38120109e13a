// The secrets handed to clients (auth/secrets.ts): a code is always six digits, and hashes of different
// lengths are unequal rather than an error. Mutation testing (stryker.config.mjs) found both unchecked.
import { describe, expect, it } from 'vitest';
import { newOtpCode, sameHash, sha256 } from '../src/services/auth/secrets.js';

describe('secrets', () => {
  it('makes every one-time code six digits, leading zeros kept', () => {
    // One code in ten is under 100000: 200 draws all miss that with odds of about 1 in 10^9.
    const codes = Array.from({ length: 200 }, newOtpCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('compares hashes: equal, different, and of another length (false, not an error)', () => {
    const hash = sha256('a');
    expect(sameHash(hash, sha256('a'))).toBe(true);
    expect(sameHash(hash, sha256('b'))).toBe(false);
    expect(sameHash(hash, hash.slice(0, 32))).toBe(false);
  });
});
