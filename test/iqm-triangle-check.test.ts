// parseSync reads IQM triangles without readIqm's check of every vertex index (checkTriangles:
// false) and iqmToAsset checks them on the pass that winds them: a file refused for a triangle
// is refused with the same error (code, offset, message) as readIqm gives, on every backend,
// whether the triangle is in a mesh or in no mesh; a vertex inside the file but outside its mesh
// is still the mesh's error.
import { describe, expect, it } from 'vitest';
import { iqmFormat, MeshFormatError, type Asset } from '../bindings/index.js';
import { readIqm } from '../bindings/formats/iqm/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
const HEADER = 16;
const field = (name: string) => HEADER + 4 * ['version', 'filesize', 'flags', 'num_text', 'ofs_text', 'num_meshes', 'ofs_meshes', 'num_vertexarrays', 'num_vertexes', 'num_vertexarrays_', 'num_triangles', 'ofs_triangles'].indexOf(name);

/** Two meshes (the tube twice) written as IQM. */
function twoMeshes(): Uint8Array {
  const tube = tubeAsset();
  const asset: Asset = { ...tube, meshes: [tube.meshes[0]!, { ...tube.meshes[0]!, name: 'second' }] };
  return iqmFormat.encodeSync(asset, { kernels: kernels.js });
}

function errorOf(run: () => unknown): MeshFormatError {
  try {
    run();
  } catch (e) {
    if (e instanceof MeshFormatError) return e;
    throw e;
  }
  throw new Error('no error');
}

const facts = (e: MeshFormatError) => ({ code: e.code, offset: e.offset, message: e.message });

describe('IQM triangles checked by the winding pass when parsing', () => {
  const file = twoMeshes();
  const view = () => new DataView(file.buffer, file.byteOffset, file.byteLength);
  const u32 = (at: number) => view().getUint32(at, true);
  const vertexCount = u32(field('num_vertexes'));
  const triangles = u32(field('ofs_triangles'));
  const triangleCount = u32(field('num_triangles'));
  const meshes = u32(field('ofs_meshes'));

  it('the file as written parses the same on every backend', () => {
    const [first, ...rest] = BACKENDS.map((b) => iqmFormat.parseSync(file, { kernels: kernels[b] }));
    for (const asset of rest) expect(asset.meshes.map((m) => Array.from(m.indices))).toEqual(first!.meshes.map((m) => Array.from(m.indices)));
    expect(first!.meshes).toHaveLength(2);
  });

  it('a vertex past the file\'s vertices in either mesh: readIqm\'s BAD_INDEX, the first such corner in the file', () => {
    for (const corner of [4, triangleCount * 3 - 2, triangleCount * 3 - 1]) {
      const bad = file.slice();
      const d = new DataView(bad.buffer);
      d.setUint32(triangles + corner * 4, vertexCount + 7, true);
      if (corner !== 4) d.setUint32(triangles + (triangleCount * 3 - 3) * 4, vertexCount, true);
      const want = facts(errorOf(() => readIqm(bad)));
      expect(want.code).toBe('BAD_INDEX');
      for (const b of BACKENDS) expect(facts(errorOf(() => iqmFormat.parseSync(bad, { kernels: kernels[b] }))), `${b} corner ${corner}`).toEqual(want);
    }
  });

  it('a triangle in no mesh (the second mesh made shorter) with a vertex past the file\'s: the same BAD_INDEX; in range: a warning', () => {
    const shorter = file.slice();
    const d = new DataView(shorter.buffer);
    const secondCount = meshes + 24 + 20;
    d.setUint32(secondCount, d.getUint32(secondCount, true) - 2, true);
    for (const b of BACKENDS) expect(iqmFormat.parseSync(shorter, { kernels: kernels[b] }).warnings.join('\n')).toMatch(/2 triangles belong to no mesh/);
    d.setUint32(triangles + (triangleCount * 3 - 1) * 4, vertexCount + 1, true);
    const want = facts(errorOf(() => readIqm(shorter)));
    expect(want.code).toBe('BAD_INDEX');
    for (const b of BACKENDS) expect(facts(errorOf(() => iqmFormat.parseSync(shorter, { kernels: kernels[b] }))), b).toEqual(want);
  });

  it('a vertex of the file but outside the triangle\'s mesh stays the mesh\'s error', () => {
    const bad = file.slice();
    new DataView(bad.buffer).setUint32(triangles, vertexCount - 1, true);
    for (const b of BACKENDS) {
      const e = errorOf(() => iqmFormat.parseSync(bad, { kernels: kernels[b] }));
      expect(e.code, b).toBe('UNSUPPORTED');
      expect(e.offset, b).toBe(triangles);
      expect(e.message, b).toMatch(/outside its own vertices/);
    }
  });
});
