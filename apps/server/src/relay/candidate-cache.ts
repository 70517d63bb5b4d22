// The channel candidates of a (group, model), kept per node between channel changes: the
// candidates query was ~5 % of the relay's CPU per request (profile of the compiled server under
// bench/relay at c=50), for rows that change only when an admin edits a channel or its health
// disables or enables one. Every write to channels or abilities on this node clears the cache
// (lib/channel-changes.ts' `channelsChanged`, raised by modules/channels' writes and again after
// their transactions commit); a change made by another node or process is seen within
// CANDIDATES_TTL_MS.
import type { Db } from '../db/database';
import { channelsChanged, channelsGeneration } from '../lib/channel-changes';
import type { CandidateRow } from './relay.queries';

/** How long another node's channel change may go unseen here. */
export const CANDIDATES_TTL_MS = 1000;

interface Entry {
  rows: readonly CandidateRow[];
  generation: number;
  expires: number;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

/** Channels or abilities changed: every node-local copy of the candidates is dropped. */
export const invalidateChannelCandidates = channelsChanged;

const keyOf = (group: string, model: string) => `${group}\u0000${model}`;

/** The cached candidates, while current; the rows are shared and must not be changed. */
export function cachedCandidates(
  db: Db,
  group: string,
  model: string,
  now: number,
): readonly CandidateRow[] | undefined {
  const entry = caches.get(db)?.get(keyOf(group, model));
  if (!entry || entry.generation !== channelsGeneration() || entry.expires <= now) return undefined;
  return entry.rows;
}

/** Where a read starts: its rows are kept only if no invalidation came while it ran. */
export const candidatesGeneration = channelsGeneration;

export function keepCandidates(
  db: Db,
  group: string,
  model: string,
  rows: readonly CandidateRow[],
  readAt: number,
  now: number,
): void {
  const generation = channelsGeneration();
  if (readAt !== generation) return;
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  // Stale entries of other (group, model) pairs go when the map would grow past a bound.
  if (cache.size >= 10_000) cache.clear();
  cache.set(keyOf(group, model), { rows, generation, expires: now + CANDIDATES_TTL_MS });
}
