// Small inputs on the default backend (bindings/kernels/small-input.ts): a call given no kernels
// runs the js kernels below SMALL_INPUT_DEFAULTS.bytes, with the same results as any backend.
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../bindings/formats/registry.js';
import { assetArrayBytes, SMALL_INPUT_DEFAULTS, withSmallInputKernels } from '../bindings/kernels/small-input.js';
import type { Kernels } from '../bindings/kernels/kernels.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { assetBytes } from './helpers/fuzz.js';

const kernels = allKernels();

describe('small inputs on the default backend', () => {
  it('picks the js kernels only for a call with no kernels and an input below the threshold', () => {
    const small = withSmallInputKernels<{ kernels?: Kernels }>({}, SMALL_INPUT_DEFAULTS.bytes - 1);
    expect(small.kernels?.backend).toBe('js');
    expect(withSmallInputKernels<{ kernels?: Kernels } | undefined>(undefined, 10)?.kernels?.backend).toBe('js');
    const large = {};
    expect(withSmallInputKernels(large, SMALL_INPUT_DEFAULTS.bytes)).toBe(large);
    const explicit = { kernels: kernels['wasm-simd'] };
    expect(withSmallInputKernels(explicit, 10)).toBe(explicit);
    // Not an options object: left for the handler to refuse.
    expect(withSmallInputKernels(7 as unknown as {}, 10)).toBe(7);
    const saved = SMALL_INPUT_DEFAULTS.bytes;
    try {
      SMALL_INPUT_DEFAULTS.bytes = 0;
      const none = {};
      expect(withSmallInputKernels(none, 10)).toBe(none);
    } finally {
      SMALL_INPUT_DEFAULTS.bytes = saved;
    }
  });

  it("counts an Asset's array bytes as the test helper does, and counts junk as nothing", () => {
    const asset = tubeAsset({ rings: 4, segments: 8, frames: 2 });
    expect(assetArrayBytes(asset, Infinity)).toBe(assetBytes(asset));
    expect(assetArrayBytes(tubeAsset({ rings: 400, segments: 64, frames: 2 }))).toBeGreaterThanOrEqual(SMALL_INPUT_DEFAULTS.bytes);
    for (const junk of [null, 3, 'x', { meshes: 5 }, { meshes: [null, { attributes: 7 }] }, { animations: [{ tracks: [null] }] }]) {
      expect(assetArrayBytes(junk as never)).toBe(0);
    }
  });

  it('every format: a small file parses and encodes without kernels exactly as on every backend', () => {
    const asset = tubeAsset({ rings: 3, segments: 6, frames: 2 });
    for (const format of FORMATS) {
      const name = `small${format.extensions[0]}`;
      const write = (options: object) => (format.encodeFiles ? format.encodeFiles(asset, name, options) : [{ name, bytes: format.encodeSync(asset, options) }]);
      const files = write({});
      const read = (options: object) => format.parseSync(files[0]!.bytes, { fileName: name, resolve: (n: string) => files.find((f) => f.name === n)?.bytes, ...options });
      const asDefault = read({});
      for (const backend of BACKENDS) {
        expect(write({ kernels: kernels[backend] }), `${format.name} encode ${backend}`).toEqual(files);
        expect(read({ kernels: kernels[backend] }), `${format.name} parse ${backend}`).toEqual(asDefault);
      }
    }
  });

  it('a TF .msh is sized with its blob, which is resolved once for the whole call', () => {
    // tf declares parse: 0 (WebAssembly measured no slower from the smallest file); the sizing
    // path is tested under a threshold that uses it.
    const tfFormat = FORMATS.find((f) => f.name === 'tf')!;
    const declared = tfFormat.smallInput;
    tfFormat.smallInput = { ...declared, parse: SMALL_INPUT_DEFAULTS.bytes };
    try {
      tfSizedWithBlob();
    } finally {
      tfFormat.smallInput = declared;
    }
  });
});

/** A TF .msh sized with its blob: the blob is resolved once for the whole call, below the threshold and above it. */
function tfSizedWithBlob() {
  for (const rings of [3, 200]) {
    const asset = tubeAsset({ rings, segments: 8, frames: 2 });
    const files = FORMATS.find((f) => f.name === 'tf')!.encodeFiles!(asset, 'door.msh', {});
    let calls = 0;
    const resolve = (n: string) => {
      calls++;
      return files.find((f) => f.name === n)?.bytes;
    };
    const tf = FORMATS.find((f) => f.name === 'tf')!;
    const parsed = tf.parseSync(files[0]!.bytes, { fileName: 'door.msh', resolve });
    expect(calls, `${rings} rings`).toBe(1);
    expect(parsed).toEqual(tf.parseSync(files[0]!.bytes, { fileName: 'door.msh', resolve, kernels: kernels['wasm-simd'] }));
  }
}
