// readApg on a WebAssembly backend copies a file up to 2 MiB into WebAssembly memory whole and
// stages larger ones block by block (read-apg.ts, STAGE_WHOLE_BYTES): both ways read the same
// document, bit for bit, as the js backend does, and fail with the same error.
import { describe, expect, it } from 'vitest';
import { readApg } from '../bindings/formats/apg/read-apg.js';
import { writeApg } from '../bindings/formats/apg/write-apg.js';
import type { ApgDocument } from '../bindings/formats/apg/apg-document.js';
import { MeshFormatError } from '../bindings/io/errors.js';
import { allKernels, BACKENDS, floatBits, rng } from './helpers/backends.js';

const kernels = allKernels();

function file(vertexCount: number, seed: number): Uint8Array {
  const next = rng(seed);
  const values = Float32Array.from({ length: vertexCount * 3 }, () => Math.fround((next() - 0.5) * 200));
  const keys = 300;
  const doc: ApgDocument = {
    header: "@Anton's custom mesh format v.27DEC2014 (test)", vertexCount, vertexArrays: [{ name: 'vp', components: 3, values }],
    skeleton: { bones: 1, animations: 1 }, hierarchy: [{ parent: -1, boneId: 0 }],
    animations: [{ name: 'a', duration: 10, keys: [{ kind: 'tra', node: 0, times: Float32Array.from({ length: keys }, (_, i) => i / 30), values: Float32Array.from({ length: keys * 3 }, () => Math.fround(next())) }] }],
  };
  return writeApg(doc, { kernels: kernels.js });
}

const shape = (d: ApgDocument) => ({ vp: floatBits(d.vertexArrays[0]!.values), times: floatBits(d.animations[0]!.keys[0]!.times), tra: floatBits(d.animations[0]!.keys[0]!.values) });

function outcome(bytes: Uint8Array, backend: (typeof BACKENDS)[number]) {
  try {
    return shape(readApg(bytes, { kernels: kernels[backend] }));
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw error;
    return { error: error.message };
  }
}

describe('apg reader: whole-file and per-block staging', () => {
  for (const [label, vertices] of [['under 2 MiB', 20_000], ['over 2 MiB', 90_000]] as const) {
    it(`${label}: the same document on every backend, and the same error after a byte is broken`, () => {
      const bytes = file(vertices, vertices);
      expect(bytes.length > 2 * 1024 * 1024).toBe(label === 'over 2 MiB');
      const expected = outcome(bytes, 'js');
      expect('error' in expected).toBe(false);
      for (const backend of BACKENDS) expect(outcome(bytes, backend), backend).toEqual(expected);
      const broken = bytes.slice();
      broken[Math.floor(bytes.length * 0.6)] = 0x78; // 'x' inside the vertex block
      const error = outcome(broken, 'js');
      expect('error' in error).toBe(true);
      for (const backend of BACKENDS) expect(outcome(broken, backend), backend).toEqual(error);
    });
  }
});
