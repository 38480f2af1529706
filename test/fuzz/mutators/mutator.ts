// What every structure-aware mutator is: a named function from one fuzz input (its bytes, the
// seed it came from, the other seeds of its format) to new bytes, or undefined when the input
// has nothing it knows how to edit (the caller then falls back to a byte mutation).
import type { FormatHandler } from '../../../bindings/index.js';
import type { FuzzSeed } from '../../helpers/fuzz-seeds.js';

export interface MutationInput {
  /** The bytes to mutate: the seed's main file or one of its companions (see `file`). */
  bytes: Uint8Array;
  /** The name of the file `bytes` stands for (`car.msh`, `car.msh.blob`, `tube.gltf`). */
  file: string;
  format: string;
  handler: FormatHandler;
  seed: FuzzSeed;
  /** Every seed of the format, for splicing. */
  seeds: readonly FuzzSeed[];
}

export interface Mutator {
  /** Short and stable: it names the mutator in the long run's table and in reproducers. */
  name: string;
  /** Format names it applies to. */
  formats: readonly string[];
  mutate(input: MutationInput, next: () => number): Uint8Array | undefined;
}

export const pick = (next: () => number, n: number): number => Math.floor(next() * n);
export const choose = <T>(next: () => number, items: readonly T[]): T => items[pick(next, items.length)]!;

/** `bytes` with `length` bytes at `at` replaced by `insert`. */
export function spliceBytes(bytes: Uint8Array, at: number, length: number, insert: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length - length + insert.length);
  out.set(bytes.subarray(0, at));
  out.set(insert, at);
  out.set(bytes.subarray(at + length), at + insert.length);
  return out;
}

export const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
export const encodeUtf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
