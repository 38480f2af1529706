// Review of h-wjit (round seven): `quantize: true` is answered from settings made once
// (quantize-attributes.ts). `gltf.GLTF_QUANTIZE_DEFAULTS` is exported as where missing bits come
// from (README § Options), and the project's *_DEFAULTS objects are settable at run time (as
// SMALL_INPUT_DEFAULTS is): `true` must keep meaning "the defaults", as `{}` does, after a change,
// and the shared settings must not carry one encode's state into the next.
import { afterEach, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltf, MeshFormatError } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { BACKENDS } from './helpers/backends.js';

const SAVED = { ...gltf.GLTF_QUANTIZE_DEFAULTS };
afterEach(() => Object.assign(gltf.GLTF_QUANTIZE_DEFAULTS, SAVED));

describe('quantize: true follows GLTF_QUANTIZE_DEFAULTS as quantize: {} does', () => {
  for (const backend of BACKENDS) {
    const kernels = createKernelsSync(backend);
    const encode = (quantize: unknown, source = 'test') => Buffer.from(glbFormat.encodeSync({ ...tubeAsset(), source }, { kernels, quantize } as never));

    it(`a changed default applies to true, and going back restores the first output (${backend})`, () => {
      const first = encode(true);
      expect(encode({})).toEqual(first);
      gltf.GLTF_QUANTIZE_DEFAULTS.position = 14;
      gltf.GLTF_QUANTIZE_DEFAULTS.normal = 16;
      const changed = encode(true);
      expect(changed).toEqual(encode({}));
      expect(changed).not.toEqual(first);
      Object.assign(gltf.GLTF_QUANTIZE_DEFAULTS, SAVED);
      expect(encode(true)).toEqual(first);
    });

    it(`MeshSerializer2's float positions and UVs still apply to true after a change (${backend})`, () => {
      gltf.GLTF_QUANTIZE_DEFAULTS.normal = 16;
      expect(encode(true, 'ms2')).toEqual(encode({}, 'ms2'));
    });

    it(`a default changed to bits the option refuses is refused for true as for {} (${backend})`, () => {
      (gltf.GLTF_QUANTIZE_DEFAULTS as Record<string, unknown>).uv = 13;
      const refusal = (quantize: unknown) => {
        try {
          encode(quantize);
        } catch (error) {
          expect(error).toBeInstanceOf(MeshFormatError);
          return (error as MeshFormatError).message;
        }
        return 'written';
      };
      expect(refusal(true)).toBe(refusal({}));
      expect(refusal(true)).toMatch(/quantize\.uv must be/);
    });
  }
});
