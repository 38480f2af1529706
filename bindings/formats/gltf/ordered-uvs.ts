// A UV set as the optimized writer writes it, in the meshopt vertex order: uvsForOutput
// (vertex-passes.ts) with pair v at order[v], by the `uvsForOutputOrdered` kernel
// (assembly/gltf-opt-uvs.ts). vertex-passes.ts runs its TypeScript loop (uvOrderLoop) whenever
// there is an order, as the `uvsForOutput` kernel has none: that loop was 2.0 % of Box47.mesh's
// optimized encode (93,164 pairs). The same values, replaced count and 0–1 test
// (test/gltf-opt-uvs-kernel-parity.test.ts).
import type { Kernels } from '../../kernels/kernels.js';

const OUTSIDE = new Uint32Array(1);

/** uvsForOutput(source, flipV, order, uvs) on `kernels`. */
export function orderedUvs(kernels: Kernels, source: Float32Array, flipV: boolean, order: Uint32Array, uvs = new Float32Array(source.length)): { uvs: Float32Array; replaced: number; inUnitRange: boolean } {
  const replaced = kernels.raw.uvsForOutputOrdered(source, flipV, order, uvs, OUTSIDE);
  if (replaced < 0) throw new RangeError('meshcodec: orderedUvs order names a vertex past the vertex count');
  return { uvs, replaced, inUnitRange: OUTSIDE[0] === 0 };
}
