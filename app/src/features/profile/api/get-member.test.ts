import { describe, expect, it } from 'vitest';
import { apiUser, fakeApi } from '@/testing/portal';
import { getMember } from './get-member';

describe('getMember', () => {
  // React Query refuses undefined data ('Query data cannot be undefined'): the query function must fail instead.
  it('fails, never resolving undefined, when the answer lacks the member', async () => {
    fakeApi(() => ({ status: 200, data: { data: { unreademails: 0 } } }));
    await expect(getMember(7)).rejects.toThrow('The server returned no data.');
  });

  it('returns the member the API answered', async () => {
    const { access_token: _a, pas_token: _p, ...member } = apiUser();
    fakeApi(() => ({ status: 200, data: { data: { member } } }));
    await expect(getMember(7)).resolves.toEqual(member);
  });
});
