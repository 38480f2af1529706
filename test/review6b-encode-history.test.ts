// Review of round six (h-box21's kernels writing into the writer's scratch, kept between encodes
// and not zeroed; h-enc21's shared views): an encode's output depends on its input alone, not on
// the encodes before it (padding and tails the kernels skip must not carry an earlier encode's
// bytes), and a returned GLB and its warnings do not change when later encodes run, whichever
// backend, whichever writer settings.
import { beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltf, type Asset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { BACKENDS } from './helpers/backends.js';
import { manyMeshes } from './review6b-many-meshes.js';

beforeAll(() => gltf.initMeshopt());

const SETTINGS = [
  { name: 'optimize', options: { quantize: true, compress: 'meshopt' } },
  { name: 'optimize + pruneUnread', options: { quantize: true, compress: 'meshopt', pruneUnread: true } },
  { name: 'quantize', options: { quantize: true } },
  { name: 'plain', options: {} },
] as const;

/** Inputs of different sizes and values: each encode between two of another leaves the scratch full of its own bytes. */
function inputs(): Asset[] {
  const noisy = manyMeshes(11);
  // Non-finite and zero-length normals, tangent w other than ±1 (the kernels repair and warn).
  for (const m of noisy.meshes) {
    const n = m.attributes.normals;
    if (n && n.length >= 9) n.set([NaN, Infinity, 0, 0, 0, 0], 0);
  }
  const tube = tubeAsset({ rings: 40, segments: 30 });
  const t = tube.meshes[0]!.attributes.tangents!;
  t[3] = 0.25;
  t[7] = NaN;
  // Zero-length and non-finite tangents (repaired perpendicular to their normal), with w of every kind.
  t.set([0, 0, 0, -1, NaN, 0, 0, 1, Infinity, 1, 0, 0, 0, 0, 0, NaN, 1e-45, 0, 0, -0], 40);
  tube.meshes[0]!.attributes.normals!.set([0, 0, 0, NaN, 1, 0], 30);
  return [manyMeshes(9), tube, noisy, tubeAsset(), manyMeshes(10, false)];
}

describe.each(BACKENDS)('encode history on %s', (backend) => {
  const kernels = createKernelsSync(backend);

  it.each(SETTINGS.map((s) => [s.name, s.options] as const))('%s: each output and its warnings as the first encode of that input made them, after encodes of other inputs', (_, options) => {
    const first: { bytes: Uint8Array; copy: Uint8Array; warnings: string[]; copyWarnings: string[] }[] = [];
    for (const asset of inputs()) {
      const bytes = glbFormat.encodeSync(asset, { ...options, kernels });
      const warnings = asset.warnings;
      first.push({ bytes, copy: bytes.slice(), warnings, copyWarnings: warnings.slice() });
    }
    // The same inputs again, in the other order: the same bytes and warnings, and the first outputs untouched.
    const again = inputs();
    for (let i = again.length - 1; i >= 0; i--) {
      const bytes = glbFormat.encodeSync(again[i]!, { ...options, kernels });
      const warnings = again[i]!.warnings;
      expect(Buffer.from(bytes).equals(Buffer.from(first[i]!.copy)), `input ${i} encoded again`).toBe(true);
      expect(warnings).toEqual(first[i]!.copyWarnings);
    }
    for (const f of first) {
      expect(Buffer.from(f.bytes).equals(Buffer.from(f.copy))).toBe(true);
      expect(f.warnings).toEqual(f.copyWarnings);
    }
  });
});

describe('encode history: the same bytes and warnings on every backend', () => {
  const all = BACKENDS.map((b) => createKernelsSync(b));
  it.each(SETTINGS.map((s) => [s.name, s.options] as const))('%s', (_, options) => {
    const count = inputs().length;
    for (let i = 0; i < count; i++) {
      const runs = all.map((kernels) => {
        const asset = inputs()[i]!;
        return { bytes: Buffer.from(glbFormat.encodeSync(asset, { ...options, kernels })), warnings: asset.warnings };
      });
      for (const r of runs) {
        expect(r.bytes.equals(runs[0]!.bytes), `input ${i}`).toBe(true);
        expect(r.warnings).toEqual(runs[0]!.warnings);
      }
    }
  });
});
