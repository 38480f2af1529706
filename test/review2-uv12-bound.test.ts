// Review of `quantize: { uv: 12 }` with compression (README § glTF quantization, row `uv`): a UV
// set outside 0–1 goes through the EXPONENTIAL filter at twelveBitExponentialBits's bits, at most
// 24. Where even 24 bits are coarser than half a 12-bit step of the set's extent (a set far from
// zero for its extent), the error is one float32 ulp of the set's largest magnitude, not
// extent / 8,190: the README's bound says so. Measured on every backend, per component.
import { describe, expect, it } from 'vitest';
import { glbFormat, gltf, type Asset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernelsOf = allKernels();

/** The tube's triangles, vertex v moved to x + 10 v (so that a read-back vertex names its source), with one UV set from `lo` over `extent`. */
function uvAsset(lo: number, extent: number): { asset: Asset; uv: Float32Array } {
  const mesh = tubeAsset().meshes[0]!;
  const count = mesh.attributes.positions.length / 3;
  const positions = mesh.attributes.positions.map((v, i) => (i % 3 === 0 ? v + Math.floor(i / 3) * 10 : v));
  const uv = new Float32Array(count * 2).map((_, i) => lo + extent * ((i * 0.618) % 1));
  return { asset: { source: 'test', upAxis: 'y', meshes: [{ name: 'm', attributes: { positions, uvs: [uv] }, indices: mesh.indices }], animations: [], warnings: [] }, uv };
}

/** Float32's ulp at |x|. */
const ulp = (x: number) => 2 ** (Math.floor(Math.log2(Math.abs(x))) - 23);

describe.each(BACKENDS)('quantize.uv 12, filtered, on %s', (backend) => {
  const kernels = kernelsOf[backend];

  it.each([
    [1000, 0.01],
    [-2, 1.5],
    [3, 0.5],
  ])('UVs from %d over %d come back within max(extent / 8,190, one float32 ulp of the largest magnitude)', async (lo, extent) => {
    await gltf.initMeshopt();
    const { asset, uv } = uvAsset(lo, extent);
    const back = glbFormat.parseSync(glbFormat.encodeSync(asset, { kernels, quantize: { uv: 12 }, compress: 'meshopt' }), { kernels });
    const got = back.meshes[0]!.attributes.uvs![0]!;
    const positions = back.meshes[0]!.attributes.positions;
    let error = 0;
    for (let v = 0; v < positions.length / 3; v++) {
      const source = Math.round(positions[v * 3]! / 10);
      error = Math.max(error, Math.abs(got[v * 2]! - uv[source * 2]!), Math.abs(got[v * 2 + 1]! - uv[source * 2 + 1]!));
    }
    const largest = Math.max(Math.abs(lo), Math.abs(lo + extent));
    expect(error).toBeLessThanOrEqual(Math.max(extent / 8190, ulp(largest)));
    // Far from zero for its extent the ulp is what holds: the README's bound names it.
    if (lo === 1000) expect(error).toBeGreaterThan(extent / 8190);
  });
});
