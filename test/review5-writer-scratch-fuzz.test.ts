// Review of the glTF writer's scratch over fuzzed Assets (test/helpers/asset-fuzz.ts: valid ones
// and ones broken in one to four places, which the writer repairs with a warning or refuses):
// whatever the kept scratch holds, an Asset encodes to the same GLB and .gltf, or is refused the
// same way, on every backend.
import { describe, expect, it } from 'vitest';
import { glbFormat, gltfFormat, type Asset } from '../bindings/index.js';
import { SCRATCH_DEFAULTS, WriterScratch } from '../bindings/formats/gltf/writer-scratch.js';
import { handBuiltAsset } from './helpers/asset-fuzz.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();

function poison(byte: number): void {
  for (let i = 0; i < 2; i++) {
    const s = WriterScratch.lease();
    s.uint8(SCRATCH_DEFAULTS.maxBytes).fill(byte);
    s.release();
  }
}

function outcome(encode: () => Uint8Array): string {
  try {
    return Buffer.from(encode()).toString('base64');
  } catch (error) {
    return `error ${(error as Error).message}`;
  }
}

describe('review5: fuzzed Assets encode the same whatever the writer scratch held', () => {
  for (const backend of BACKENDS) {
    it(`${backend}: 60 hand-built Assets, GLB and .gltf`, () => {
      const next = rng(505);
      const differing: number[] = [];
      let written = 0;
      for (let i = 0; i < 60; i++) {
        const seed = Math.floor(next() * 2 ** 31);
        const make = (): Asset => handBuiltAsset(rng(seed));
        const options = { kernels: kernels[backend], quantize: i % 3 === 1, flipV: i % 2 === 0 };
        poison(0);
        const clean = outcome(() => glbFormat.encodeSync(make(), options)) + outcome(() => gltfFormat.encodeSync(make(), options));
        poison(0xff);
        const dirty = outcome(() => glbFormat.encodeSync(make(), options)) + outcome(() => gltfFormat.encodeSync(make(), options));
        if (clean !== dirty) differing.push(seed);
        if (!clean.startsWith('error')) written++;
      }
      expect(differing).toEqual([]);
      // Most Assets are written (the repaired ones included), so the comparison checks something.
      expect(written).toBeGreaterThan(20);
    });
  }
});
