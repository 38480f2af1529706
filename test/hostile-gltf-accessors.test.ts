// glTF accessor reproducers from ../shared/hostile (copied to test/hostile/): `normalized` on a
// component type glTF does not allow it for is refused (BAD_VALUE) on every backend, never INTERNAL.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gltfFormat } from '../bindings/formats/gltf/index.js';
import { AccessorReader } from '../bindings/formats/gltf/accessors.js';
import type { GltfInput } from '../bindings/formats/gltf/read-gltf.js';
import { MeshFormatError } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { sameOutcomeOnEveryBackend } from './helpers/backend-outcomes.js';

const kernels = allKernels();
const hostile = (name: string) => new Uint8Array(readFileSync(new URL(`./hostile/${name}`, import.meta.url)));

describe('glTF accessors: normalized only where glTF defines it', () => {
  for (const name of ['gltf-normalized-float-accessor__INTERNAL.gltf', 'gltf-normalized-uint32-accessor__INTERNAL.gltf']) {
    it(`${name}: BAD_VALUE on every backend`, () => {
      expect(sameOutcomeOnEveryBackend(gltfFormat, hostile(name))).toBe('BAD_VALUE');
    });
  }

  it('every componentType, normalized or not, as floats and as integers: values or a MeshFormatError, never INTERNAL', () => {
    const buffer = new Uint8Array(64).map((_, i) => i * 37);
    for (const componentType of [5120, 5121, 5122, 5123, 5125, 5126]) {
      for (const normalized of [false, true]) {
        const input: GltfInput = {
          json: { asset: { version: '2.0' }, accessors: [{ bufferView: 0, componentType, count: 2, type: 'VEC2', normalized }], bufferViews: [{ buffer: 0, byteLength: 64 }] },
          buffers: [buffer], bufferOffsets: [0], jsonOffset: 0, inputBytes: 64,
        };
        const allowed = !normalized || componentType <= 5123;
        for (const backend of BACKENDS) {
          const reader = new AccessorReader(input, 64, kernels[backend]);
          const label = `${componentType} normalized ${normalized} ${backend}`;
          if (allowed) expect(reader.floats(0, 'a', ['VEC2']).data.length, label).toBe(4);
          else {
            expect(() => reader.floats(0, 'a', ['VEC2']), label).toThrow(MeshFormatError);
            try { reader.floats(0, 'a', ['VEC2']); } catch (e) { expect((e as MeshFormatError).code, label).toBe('BAD_VALUE'); }
          }
          try { reader.integers(0, 'a', ['VEC2']); } catch (e) {
            expect(e, label).toBeInstanceOf(MeshFormatError);
            expect((e as MeshFormatError).code, label).toBe('BAD_VALUE');
          }
        }
      }
    }
  });
});
