// Review of issue 22's IQM triangle check moved out of parseSync's read (`checkTriangles: false`,
// iqmToAsset checking on its winding pass): a file with a triangle naming a vertex past the
// file's AND a fault in a later table (joints, poses, animations, comment, …) was refused by
// parseSync for the later fault, while describe / readIqm (and parseSync before) refuse it for
// the triangle. Every read of one file must give the same error. On every backend.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iqmFormat, MeshFormatError, type Kernels } from '../bindings/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();
const TUBE = new Uint8Array(readFileSync(join(FIXTURES_DIR, 'tube.iqm')));
/** Header fields (uint32 each after the 16-byte magic): ofs_triangles, ofs_joints. */
const OFS_TRIANGLES = 16 + 4 * 11;
const OFS_JOINTS = 16 + 4 * 14;

function errorOf(read: () => unknown): string {
  try {
    read();
    return 'read';
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw error;
    return `${error.code} ${error.message}`;
  }
}

describe('IQM: parseSync refuses a file for the same fault as describe', () => {
  for (const backend of BACKENDS) {
    const k: Kernels = kernels[backend];
    it(`${backend}: a bad triangle vertex and a joint table past the end: BAD_INDEX for the triangle, both ways`, () => {
      const bytes = TUBE.slice();
      const view = new DataView(bytes.buffer);
      view.setUint32(view.getUint32(OFS_TRIANGLES, true), 9999, true);
      view.setUint32(OFS_JOINTS, 0x7fff0000, true);
      const described = errorOf(() => iqmFormat.describe!(bytes, { kernels: k }));
      expect(described).toMatch(/^BAD_INDEX .*triangle 0 uses vertex 9999/);
      expect(errorOf(() => iqmFormat.parseSync(bytes, { kernels: k }))).toBe(described);
    });

    it(`${backend}: random byte changes: whenever describe refuses a file, parseSync refuses it with the same error`, () => {
      const next = rng(22);
      let refused = 0;
      for (let trial = 0; trial < 300; trial++) {
        const bytes = TUBE.slice();
        for (let c = 1 + Math.floor(next() * 4); c > 0; c--) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
        const described = errorOf(() => iqmFormat.describe!(bytes, { kernels: k }));
        if (described === 'read') continue;
        refused++;
        expect(errorOf(() => iqmFormat.parseSync(bytes, { kernels: k })), `trial ${trial}`).toBe(described);
      }
      expect(refused).toBeGreaterThan(50);
    });
  }
});
