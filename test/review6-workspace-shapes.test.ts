// Review of round six (kernels.ts arraysPrototype): a workspace's `arrays` object takes its getters
// from a prototype found by comparing the layout's array names with the shapes seen before that
// start with the same name. Layouts that share a prefix, extend one another, or hold the same
// names in another order must each get their own getters: every name present, no other, each
// array of its own type and length, on every backend.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

const LAYOUTS = [
  { a: ['u32', 3], b: ['f32', 5] },
  { a: ['u32', 3], b: ['f32', 5], c: ['u8', 7] },
  { a: ['u8', 2] },
  { a: ['f32', 4], c: ['u16', 6] },
  { b: ['f32', 5], a: ['u32', 3] },
  { a: ['u32', 3], b: ['f32', 5] },
] as const;

const TYPES = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f32: Float32Array } as const;

describe('workspace arrays of layouts sharing a first name', () => {
  for (const backend of BACKENDS) {
    it(`${backend}: each layout's arrays are its own names, types and lengths`, () => {
      for (let round = 0; round < 2; round++) {
        for (const layout of LAYOUTS) {
          const ws = kernels[backend].workspace(layout as never);
          try {
            const arrays = ws.arrays as Record<string, ArrayLike<number>>;
            const names = Object.keys(layout);
            const seen: string[] = [];
            for (const key in arrays) seen.push(key);
            expect(seen.sort()).toEqual([...names].sort());
            for (const name of names) {
              const [type, length] = (layout as Record<string, readonly [keyof typeof TYPES, number]>)[name]!;
              expect(arrays[name]).toBeInstanceOf(TYPES[type]);
              expect(arrays[name]!.length, `${JSON.stringify(layout)} ${name}`).toBe(length);
            }
            for (const other of ['a', 'b', 'c']) if (!names.includes(other)) expect(arrays[other]).toBeUndefined();
          } finally {
            ws.release();
          }
        }
      }
    });
  }
});
