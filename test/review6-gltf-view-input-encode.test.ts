// Review of round six's glTF read option viewInput: the Asset's arrays are then views of the
// input's bytes, so any pass that changes an Asset array in place writes into the caller's file.
// The reader copies before its own passes (test/gltf-view-input.test.ts); this checks the other
// side: encoding such an Asset into every format, plainly and optimized, on every backend, leaves
// the input as it was and the Asset equal to a copying read's, and a second read of the same input
// (with views or without) gives the same Asset. Views share memory by design (documented): a
// user's write into a viewed array shows in the input and in a later read, and nothing else.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMATS, glbFormat, iqmFormat, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const SAMPLES = '/usr/share/assimp/models/glTF2';

function bits(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return [value.constructor.name, Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')];
  if (Array.isArray(value)) return value.map(bits);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bits(v)]));
  return value;
}

function inputs(): [string, Uint8Array][] {
  const out: [string, Uint8Array][] = [['tube.glb', new Uint8Array(readFileSync(join(import.meta.dirname, '../fixtures/tube.glb')))]];
  if (existsSync(MRFIXIT)) out.push(['mrfixit as GLB', glbFormat.encodeSync(iqmFormat.parseSync(readFileSync(MRFIXIT), { kernels: kernels.js }), { kernels: kernels.js })]);
  for (const name of ['2CylinderEngine-glTF-Binary/2CylinderEngine.glb', 'BoxTextured-glTF-Binary/BoxTextured.glb']) {
    const path = join(SAMPLES, name);
    if (existsSync(path)) out.push([name, new Uint8Array(readFileSync(path))]);
  }
  return out;
}

describe('an Asset read with viewInput, encoded into every format', () => {
  for (const [name, original] of inputs()) {
    for (const backend of BACKENDS) {
      it(`${name} (${backend}): the input is never written and the Asset is unchanged`, () => {
        const k = kernels[backend];
        const input = original.slice();
        const asset: Asset = glbFormat.parseSync(input, { kernels: k, viewInput: true });
        const want = bits(glbFormat.parseSync(original.slice(), { kernels: k }));
        expect(bits(asset)).toEqual(want);
        for (const target of FORMATS) {
          for (const options of [{}, { optimize: true }]) {
            try {
              if (target.encodeFiles) target.encodeFiles(asset, `out.${target.name}`, { kernels: k, ...options });
              else target.encodeSync(asset, { kernels: k, ...options });
            } catch (e) {
              // A format that cannot hold this Asset refuses it; that is not what is checked here.
              expect((e as { code?: string }).code, `${target.name}`).not.toBe('INTERNAL');
            }
            expect(Buffer.compare(input, original), `${target.name} ${JSON.stringify(options)} wrote into the input`).toBe(0);
          }
        }
        // Encoders add their warnings to asset.warnings (by design); the arrays and the rest stay.
        expect(bits({ ...asset, warnings: [] })).toEqual({ ...(want as object), warnings: [] });
        // A later read of the same input, with views or without, is the same Asset.
        expect(bits(glbFormat.parseSync(input, { kernels: k, viewInput: true }))).toEqual(want);
        expect(bits(glbFormat.parseSync(input, { kernels: k }))).toEqual(want);
      });
    }
  }
});
