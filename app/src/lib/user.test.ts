import { describe, expect, it } from 'vitest';
import { isAdmin, toUser } from './user';

describe('the SPEC §3 user', () => {
  const stored = {
    id: 7,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    company_id: 3,
    access_token: 't',
    pas_token: 't',
    trainings: {},
  };

  it('is an admin only with role_id 1 (SPEC §4)', () => {
    expect(isAdmin(toUser({ ...stored, role_id: 1 })!)).toBe(true);
    expect(isAdmin(toUser({ ...stored, role_id: 2 })!)).toBe(false);
    expect(isAdmin(toUser(stored)!)).toBe(false);
  });
});
