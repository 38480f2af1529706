// Review of round six: faults found and NOT fixed on this branch (each needs a decision beyond a
// reviewer's small fix; see the review report). Each test states the behaviour that should hold and
// is marked `it.fails` while the fault stands: it turns red once the fault is fixed, so that the
// fixer turns it into an ordinary test.
import { beforeAll, describe, expect, it } from 'vitest';
import { glbFormat, gltf, type Mesh } from '../bindings/index.js';
import { UNIT_LENGTH_TOLERANCE } from '../bindings/formats/gltf/finite-values.js';
import { VECTOR3_UNIT_TOLERANCE } from '../bindings/formats/gltf/quantize-attributes.js';
import { unitSquaredRange } from '../bindings/formats/gltf/vertex-passes.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { validateGltf } from './helpers/gltf-validator.js';

beforeAll(() => gltf.initMeshopt());

describe('known faults (review of round six)', () => {
  // Fault 1: the ordered kernels (snormNormals, snormTangents, quantizeSourcePositions,
  // uvsForOutputOrdered) check only that each order[v] is below the vertex count. An order that
  // names one vertex twice (in range, not a permutation) leaves the slots it does not name
  // unwritten: the js twin leaves the caller's values there, the WebAssembly kernels copy back
  // what their staging memory held (zeros or an earlier call's bytes), so the
  // backends differ. The writer never passes such an order (meshoptimizer's remap is a
  // permutation); the raw kernels' contract does not exclude it.
  // Resolved after the review as a contract (raw-kernels.ts, snormNormals): order is a permutation;
  // with an in-range order that is not one, the slots no vertex lands in are unspecified and every
  // other slot is equal on every backend. The first test keeps the fault's record (whole dst).
  it.fails('an in-range order that is not a permutation: the same dst on every backend', () => {
    const kernels = allKernels();
    const order = Uint32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 7]);
    const [lowest, highest] = unitSquaredRange(127);
    const outputs = BACKENDS.map((b) => {
      const raw = kernels[b].raw;
      const normals = new Int8Array(36).fill(5);
      raw.snormNormals(new Float32Array(27).map((_, i) => (i % 3 === 2 ? 1 : 0)), false, 127, UNIT_LENGTH_TOLERANCE, VECTOR3_UNIT_TOLERANCE * 0.99, lowest, highest, order, normals, new Uint32Array(3));
      const positions = new Uint16Array(36).fill(77);
      raw.quantizeSourcePositions(new Float32Array(27).map((_, i) => i), false, 0, 0, 0, 1, 65535, order, positions, new Float64Array(6));
      const uvs = new Float32Array(18).fill(9);
      raw.uvsForOutputOrdered(new Float32Array(18).map((_, i) => i / 18), false, order, uvs, new Uint32Array(2));
      return { normals: Array.from(normals), positions: Array.from(positions), uvs: Array.from(uvs) };
    });
    for (const o of outputs) expect(o).toEqual(outputs[BACKENDS.indexOf('js')]);
  });

  it('an in-range order that is not a permutation: the slots a vertex lands in are equal on every backend (the contract)', () => {
    const kernels = allKernels();
    const order = Uint32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 7]);
    const named = new Set(order);
    const [lowest, highest] = unitSquaredRange(127);
    const outputs = BACKENDS.map((b) => {
      const raw = kernels[b].raw;
      const normals = new Int8Array(36).fill(5);
      raw.snormNormals(new Float32Array(27).map((_, i) => (i % 3 === 2 ? 1 : 0)), false, 127, UNIT_LENGTH_TOLERANCE, VECTOR3_UNIT_TOLERANCE * 0.99, lowest, highest, order, normals, new Uint32Array(3));
      const positions = new Uint16Array(36).fill(77);
      raw.quantizeSourcePositions(new Float32Array(27).map((_, i) => i), false, 0, 0, 0, 1, 65535, order, positions, new Float64Array(6));
      const uvs = new Float32Array(18).fill(9);
      raw.uvsForOutputOrdered(new Float32Array(18).map((_, i) => i / 18), false, order, uvs, new Uint32Array(2));
      const slots = <T extends ArrayLike<number>>(a: T, per: number) => [...named].flatMap((v) => Array.from({ length: per }, (_, k) => a[v * per + k]));
      return { normals: slots(normals, 4), positions: slots(positions, 4), uvs: slots(uvs, 2) };
    });
    for (const o of outputs) expect(o).toEqual(outputs[BACKENDS.indexOf('js')]);
  });

  // Fault 2 (before round six: addMesh's UV loop, asset-to-gltf.ts, since 336351a): an Asset whose
  // UV list has a hole (uvs[0] missing, uvs[1] present; validateAsset accepts it) is written with
  // TEXCOORD_1 and no TEXCOORD_0 by every writer mode: the Khronos validator's error
  // MESH_PRIMITIVE_INDEXED_SEMANTIC_CONTINUITY. test/gltf-writer-settings.test.ts expects that
  // attribute name; either validateAsset refuses the hole, or the writer closes it up (and says so).
  // Fixed after the review: the writer closes it up with one warning (asset-to-gltf.ts addMesh).
  it('a UV list with a hole: no validator error, plain, quantized or optimized', async () => {
    const uvs: Float32Array[] = [];
    uvs[1] = new Float32Array([0, 0, 1, 0, 0, 1]);
    const mesh = { name: 'holed', attributes: { positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), uvs }, indices: new Uint16Array([0, 1, 2]) } as Mesh;
    for (const options of [{}, { quantize: true }, { quantize: true, compress: 'meshopt' } as const]) {
      const report = await validateGltf(glbFormat.encodeSync({ source: 't', meshes: [mesh], animations: [], warnings: [] }, options));
      expect(report.errors).toBe(0);
    }
  });
});
