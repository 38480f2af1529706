// Every mutator the fuzzers use, by format: the blind byte mutations of helpers/fuzz.ts plus
// the structure-aware ones of this folder. `mutateInput` picks one per input.
import { mutate as byteMutate } from '../../helpers/fuzz.js';
import { APG_MUTATORS } from './apg-tags.js';
import { GLTF_MUTATORS } from './gltf-json.js';
import { headerCounts } from './header-counts.js';
import { hostileFloats } from './hostile-floats.js';
import { LUA_MUTATORS } from './lua-text.js';
import { choose, type MutationInput, type Mutator } from './mutator.js';
import { spliceSeeds } from './splice-seeds.js';

export type { MutationInput, Mutator } from './mutator.js';

/** Truncations, bit flips, random and 0xff bytes, interesting uint32s, deleted and repeated spans. */
export const byteMutations: Mutator = { name: 'bytes', formats: ['unigine', 'iqm', 'glb', 'gltf', 'tf', 'apg', 'ms2'], mutate: (input, next) => byteMutate(input.bytes, next) };

export const MUTATORS: readonly Mutator[] = [byteMutations, headerCounts, hostileFloats, spliceSeeds, ...GLTF_MUTATORS, ...LUA_MUTATORS, ...APG_MUTATORS];

export function mutatorsFor(format: string): Mutator[] {
  return MUTATORS.filter((m) => m.formats.includes(format));
}

/** Share of inputs given to the blind byte mutations; the rest go to the format's structure-aware mutators, in equal parts. */
export const BYTE_SHARE = 0.35;

/**
 * One mutation of `input`: blind bytes (BYTE_SHARE of the time) or one of the format's
 * structure-aware mutators; a mutator with nothing to edit falls back to bytes. Returns the
 * bytes and the name of the mutator that made them.
 */
export function mutateInput(input: MutationInput, next: () => number): { bytes: Uint8Array; mutator: string } {
  const aware = mutatorsFor(input.format).filter((m) => m !== byteMutations);
  if (aware.length && next() >= BYTE_SHARE) {
    const mutator = choose(next, aware);
    const bytes = mutator.mutate(input, next);
    if (bytes) return { bytes, mutator: mutator.name };
  }
  return { bytes: byteMutations.mutate(input, next)!, mutator: byteMutations.name };
}
