// argon2id at the OWASP minimum (19 MiB, t=2). A dummy hash is verified for unknown accounts so they take as
// long as a wrong password and the answer cannot tell them apart.
import { hash, verify } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

// Algorithm is a const enum, which verbatimModuleSyntax cannot import as a value: 2 is Algorithm.Argon2id.
const argon2id = 2 as Algorithm;
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

const dummy = hash('not-a-real-password', options);

export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await dummy, password);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
