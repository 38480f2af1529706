import { describe, expect, it } from 'vitest';
import { bytesOf, copyPart } from '../bindings/formats/gltf/copy-parts.js';
import { rng } from './helpers/backends.js';

const TYPES = [Uint8Array, Int8Array, Uint16Array, Int16Array, Uint32Array, Float32Array] as const;

describe('copyPart (the builder\'s parts into byte arrays)', () => {
  it('writes each part\'s own bytes at every offset, aligned or not, small (in the heap) and large, views of larger buffers too', () => {
    const next = rng(7);
    for (const Type of TYPES) {
      for (const length of [1, 3, 16, 17, 300]) {
        for (const viewOffset of [0, 4]) {
          const backing = new Uint8Array(viewOffset + length * Type.BYTES_PER_ELEMENT + 8);
          for (let i = 0; i < backing.length; i++) backing[i] = Math.floor(next() * 256);
          const part = new Type(backing.buffer, viewOffset, length);
          const expected = Uint8Array.from(backing.subarray(viewOffset, viewOffset + part.byteLength));
          for (const at of [0, 1, 2, 4, 6]) {
            for (const targetOffset of [0, 2]) {
              const target = new Uint8Array(new ArrayBuffer(targetOffset + at + part.byteLength + 5), targetOffset);
              target.fill(0xaa);
              copyPart(target, at, part);
              expect(target.subarray(at, at + part.byteLength)).toEqual(expected);
              expect(target.subarray(0, at).every((b) => b === 0xaa)).toBe(true);
              expect(target.subarray(at + part.byteLength).every((b) => b === 0xaa)).toBe(true);
            }
          }
          expect(bytesOf(part)).toEqual(expected);
        }
      }
      // A fresh small array (kept inside V8's heap) copies the same.
      const small = new Type(5);
      for (let i = 0; i < small.length; i++) small[i] = i * 3 + 1;
      const target = new Uint8Array(small.byteLength + 4);
      copyPart(target, 4, small);
      expect(target.subarray(4)).toEqual(new Uint8Array(new Type(small).buffer));
    }
  });
});
