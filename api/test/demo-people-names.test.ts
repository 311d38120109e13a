// Every demo business's people have names of their own: the tenant admin who signs in as admin@ is never shown
// under the coach's (or any other demo person's) name, in the audit log, an invitation or a message.
import { describe, expect, it } from 'vitest';
import { bakery } from '../src/seed/sets/bakery.js';
import { dental } from '../src/seed/sets/dental.js';
import { generic } from '../src/seed/sets/generic.js';
import { plumbing } from '../src/seed/sets/plumbing.js';

describe.each([
  ['bakery', bakery],
  ['dental', dental],
  ['generic', generic],
  ['plumbing', plumbing],
])('the %s demo business', (_name, set) => {
  it('gives its admin a name no other demo person of the tenant has', () => {
    const name = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;
    const others = [set.coach, set.client, set.basic, set.secondCoach.coach, ...set.secondCoach.clients].map(
      name,
    );
    expect(others).not.toContain(name(set.admin));
    expect(new Set([...others, name(set.admin)]).size).toBe(others.length + 1);
  });
});
