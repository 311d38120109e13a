/**
 * `--shard k/n`: a CI matrix of n jobs, job k taking its part of the tenants. A tenant's shard is chosen by
 * rendezvous (highest-random-weight) hashing of its slug: each shard scores the slug and the highest score wins.
 * The choice depends only on the slug and n, so adding or removing a tenant never moves another one, and the
 * hash spreads the slugs evenly whatever their names look like.
 */
import { createHash } from 'node:crypto';
import { usageError } from './errors.js';

export interface Shard {
  /** 1-based, as the user writes it. */
  index: number;
  count: number;
}

/** More jobs than this is a typo, not a fleet: a matrix that wide would mostly run empty shards. */
const MAX_SHARDS = 256;

/** Reads `--shard k/n`; it only splits `--all`, so anything else is a usage error (exit 2). */
export function parseShard(value: string | undefined, all: boolean | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  if (!all) throw usageError('--shard splits --all: use it together with --all.');
  const match = /^(\d{1,3})\/(\d{1,3})$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || index < 1 || count < 1 || index > count || count > MAX_SHARDS) {
    throw usageError(`--shard must be k/n with 1 <= k <= n <= ${MAX_SHARDS}, such as 2/4; got "${value}".`);
  }
  return { index, count };
}

const score = (slug: string, shard: number): bigint =>
  createHash('sha256').update(`${shard}\0${slug}`).digest().readBigUInt64BE(0);

/** The shard (1..count) a slug belongs to. */
export function shardOf(slug: string, count: number): number {
  let best = 1;
  let bestScore = score(slug, 1);
  for (let shard = 2; shard <= count; shard++) {
    const s = score(slug, shard);
    if (s > bestScore) {
      best = shard;
      bestScore = s;
    }
  }
  return best;
}

/** Every item when there is no shard; otherwise the ones whose slug falls in it. */
export function inShard<T extends { slug: string }>(items: T[], shard: Shard | undefined): T[] {
  return shard ? items.filter((item) => shardOf(item.slug, shard.count) === shard.index) : items;
}

/**
 * What a job whose shard holds no tenant says instead of a count of nothing: with few tenants and a wide CI
 * matrix some shards are empty, which is normal, not a failure.
 */
export const emptyShardNote = (shard: Shard, total: number, verb: 'build' | 'publish'): string =>
  `Shard ${shard.index}/${shard.count} holds none of the ${total} tenant${total === 1 ? '' : 's'}: nothing to ${verb}.`;
