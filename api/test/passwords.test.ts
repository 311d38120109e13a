import { verify } from '@node-rs/argon2';
import type * as Argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { checkPassword, hashPassword } from '../src/services/auth/passwords.js';

// The real argon2, watched: an unknown account must cost the same work as a wrong password (one verify of a
// hash made with the same parameters), so neither the answer nor its time tells the two apart. Timing itself
// is a benchmark's business, not a test's.
vi.mock('@node-rs/argon2', async (real) => {
  const argon2 = await real<typeof Argon2>();
  return { ...argon2, verify: vi.fn(argon2.verify) };
});

const params = (encoded: string) => encoded.split('$').slice(1, 4).join('$');

describe('checkPassword', () => {
  it('verifies a hash made like a real one when there is no account, and says no', async () => {
    const real = await hashPassword('correct horse battery');
    vi.mocked(verify).mockClear();

    expect(await checkPassword(undefined, 'guess')).toBe(false);
    expect(vi.mocked(verify)).toHaveBeenCalledTimes(1);
    const [dummy] = vi.mocked(verify).mock.calls[0]!;
    expect(params(dummy as string)).toBe(params(real));
    expect(params(real)).toMatch(/^argon2id\$v=19\$m=19456,t=2,p=1$/);
  });

  it('verifies the stored hash for a real account: right and wrong passwords', async () => {
    const stored = await hashPassword('correct horse battery');
    vi.mocked(verify).mockClear();
    expect(await checkPassword(stored, 'correct horse battery')).toBe(true);
    expect(await checkPassword(stored, 'wrong')).toBe(false);
    expect(vi.mocked(verify)).toHaveBeenCalledTimes(2);
  });
});
