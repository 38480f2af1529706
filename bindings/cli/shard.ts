// `convert --shard I/N`: the I-th of N disjoint parts of the expanded inputs, so that N machines
// (a Kubernetes Indexed Job, a CI matrix) each convert one part with no broker between them.
//
// An input's part is chosen from its path relative to its input root ('/' separators), never from
// its place in the listing: the same on every machine, OS and working folder, and adding or
// removing a file moves no other file to another part. The hash is the first 4 bytes of the
// path's SHA-256 (big-endian) modulo N. Alternatives, measured on 10,000 names
// `tiles/tNNNNN/tile-K.mesh` (one run, shared machine): FNV-1a 32-bit costs 0.07–0.15 µs a path
// against SHA-256's 1.3 µs (both nothing beside reading the file) and split those names more
// evenly (16 parts: 617–639 against 578–688), but FNV-1a modulo 2^k depends only on the low k bits
// of each byte, so for 16 parts `tile-a.mesh` and `tile-q.mesh` (0x61, 0x71) always share a part
// whatever else differs; listing order (i % N: exactly even, but every added file moves all the
// later ones to other shards, whose manifests then miss them). SHA-256 behaves like a random
// choice (parts even in expectation, not exactly) and `printf %s PATH | sha256sum` reproduces any
// input's part by hand.
import { nodeCrypto } from './node-builtins.js';

/** One part of N. */
export interface Shard {
  /** 0 to count − 1. */
  index: number;
  count: number;
}

/** The environment variable a Kubernetes Indexed Job sets in each pod (its completion index). */
export const SHARD_INDEX_VARIABLE = 'JOB_COMPLETION_INDEX';

const WHOLE = /^(0|[1-9]\d{0,8})$/;

/**
 * `--shard I/N` or `--shard /N` (I from JOB_COMPLETION_INDEX) as a Shard, or a usage message.
 * N is at least 1 and I from 0 to N − 1.
 */
export function parseShard(text: string, env: Readonly<Record<string, string | undefined>>): Shard | string {
  const match = /^([^/]*)\/([^/]*)$/.exec(text);
  if (!match) return `--shard takes I/N (the I-th of N parts, from 0) or /N (I from ${SHARD_INDEX_VARIABLE}), not '${text}'`;
  const [, indexText, countText] = match as unknown as [string, string, string];
  if (!WHOLE.test(countText) || Number(countText) < 1) return `--shard: the number of parts must be a whole number of at least 1, not '${countText}'`;
  const count = Number(countText);
  let index: number;
  if (indexText === '') {
    const fromEnv = env[SHARD_INDEX_VARIABLE];
    if (fromEnv === undefined || fromEnv === '') return `--shard /${count} takes the part from ${SHARD_INDEX_VARIABLE}, which is not set: give --shard I/${count}`;
    if (!WHOLE.test(fromEnv)) return `${SHARD_INDEX_VARIABLE} must be a whole number, not '${fromEnv}'`;
    index = Number(fromEnv);
  } else {
    if (!WHOLE.test(indexText)) return `--shard: the part must be a whole number from 0, not '${indexText}'`;
    index = Number(indexText);
  }
  if (index >= count) return `--shard: part ${index} does not exist among ${count} (parts are 0 to ${count - 1})`;
  return { index, count };
}

/** The part (0 to count − 1) of a path relative to its input root; '\' is taken as '/' so that every OS agrees. */
export function shardOf(relativePath: string, count: number): number {
  const digest = nodeCrypto().createHash('sha256').update(relativePath.replace(/\\/g, '/'), 'utf8').digest();
  return digest.readUInt32BE(0) % count;
}

/** Whether the input at `relativePath` belongs to `shard`. */
export function inShard(relativePath: string, shard: Shard): boolean {
  return shard.count === 1 || shardOf(relativePath, shard.count) === shard.index;
}
