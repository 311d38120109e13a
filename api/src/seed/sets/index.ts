// Which demo business a tenant shows, by its slug (never by its place in the list, which changes as tenants are
// added): each example tenant in tenants/ has a business of its own, any other tenant the generic one.
import { bakery } from './bakery.js';
import type { DemoSet } from './demo-set.js';
import { dental } from './dental.js';
import { generic } from './generic.js';
import { plumbing } from './plumbing.js';

const bySlug: Record<string, DemoSet> = { demo: bakery, acme: plumbing, globex: dental };

export const demoSetFor = (slug: string): DemoSet => bySlug[slug] ?? generic;

export type { DemoSet } from './demo-set.js';
