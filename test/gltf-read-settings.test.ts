// The glTF reader's options are read one by one by name (to-asset.ts), not spread over its
// defaults: an option given as undefined takes its default (a spread put undefined in its place,
// so `upAxis: undefined` made an Asset without an up axis and `resample: undefined` resampled at
// NaN fps), and options the reader does not know (the handler's fileName, resolve) change nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { glbFormat } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { assetDigest } from './helpers/fuzz.js';

const kernels = allKernels();
const FIXTURES = join(import.meta.dirname, '../fixtures');

describe('glTF read options', () => {
  for (const backend of BACKENDS) {
    it(`undefined options take their defaults; set ones apply (${backend})`, () => {
      const glb = new Uint8Array(readFileSync(join(FIXTURES, 'tube.glb')));
      const k = kernels[backend];
      const plain = glbFormat.parseSync(glb, { kernels: k });
      const undefinedOptions = glbFormat.parseSync(glb, { kernels: k, upAxis: undefined, flipV: undefined, flipWinding: undefined, resample: undefined, frameRate: undefined, maxExpansion: undefined, viewInput: undefined, fileName: 'tube.glb' });
      expect(undefinedOptions.upAxis).toBe('y');
      expect(assetDigest(undefinedOptions)).toBe(assetDigest(plain));
      const zUp = glbFormat.parseSync(glb, { kernels: k, upAxis: 'z', flipV: true });
      expect(zUp.upAxis).toBe('z');
      expect(assetDigest(zUp)).not.toBe(assetDigest(plain));
      const uv = plain.meshes[0]!.attributes.uvs![0]!;
      expect(zUp.meshes[0]!.attributes.uvs![0]![1]).toBe(Math.fround(1 - uv[1]!));
      const resampled = glbFormat.parseSync(glb, { kernels: k, resample: 10 });
      expect(resampled.animations[0]!.frameRate).toBe(10);
    });
  }
});
