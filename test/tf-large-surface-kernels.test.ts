// The TF reader runs flipV and firstUnusableTangent over parts of an Asset array (CHUNK_FLOATS,
// so that WebAssembly memory never grows by a whole large array): on a submesh of 140,000
// vertices (uv and tangent arrays past one part), the flipped UVs are bit for bit 1 − v of the
// unflipped read, and a tangent the file stores as NaN past the first part is still repaired,
// on every backend.
import { describe, expect, it } from 'vitest';
import { emptyAsset, tfFormat, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS, floatBits, rng } from './helpers/backends.js';

const kernels = allKernels();
const COUNT = 140000;

function largeAsset(): Asset {
  const next = rng(3);
  const positions = new Float32Array(COUNT * 3).map((_, i) => i * 0.001 + next());
  const normals = new Float32Array(COUNT * 3);
  const tangents = new Float32Array(COUNT * 4);
  const uvs = new Float32Array(COUNT * 2).map(() => next() * 2 - 0.5);
  for (let v = 0; v < COUNT; v++) {
    normals[v * 3 + 2] = 1;
    tangents.set([1, 0, 0, v % 2 ? 1 : -1], v * 4);
  }
  const indices = new Uint32Array(COUNT - (COUNT % 3)).map((_, i) => i);
  const asset = emptyAsset('test');
  asset.meshes.push({ name: 'large', attributes: { positions, normals, tangents, uvs: [uvs] }, indices });
  return asset;
}

describe('TF read: v flip and tangent check over parts of large arrays', () => {
  it('140,000 vertices: UVs are 1 − v of the unflipped read, and a NaN tangent in the third part is repaired', () => {
    const [msh, blob] = tfFormat.encodeFiles!(largeAsset(), 'large.msh', { kernels: kernels.js });
    // A NaN tangent x at vertex 139,000 (float 556,000: in the third part of 262,144 floats).
    const bytes = blob!.bytes.slice();
    const text = new TextDecoder().decode(msh!.bytes);
    const tangentAt = Number(/tangent = \{\s*count = \d+,\s*numComp = 4,\s*offset = (\d+)/.exec(text)![1]);
    new DataView(bytes.buffer).setFloat32(tangentAt + 139000 * 16, NaN, true);
    const resolve = (name: string) => (name === blob!.name ? bytes : undefined);
    for (const b of BACKENDS) {
      const flipped = tfFormat.parseSync(msh!.bytes, { fileName: 'large.msh', resolve, kernels: kernels[b] });
      const plain = tfFormat.parseSync(msh!.bytes, { fileName: 'large.msh', resolve, kernels: kernels[b], flipV: false });
      const want = plain.meshes[0]!.attributes.uvs![0]!.slice();
      for (let i = 1; i < want.length; i += 2) want[i] = 1 - want[i]!;
      expect(floatBits(flipped.meshes[0]!.attributes.uvs![0]!), b).toEqual(floatBits(want));
      expect(flipped.warnings.join('\n'), b).toMatch(/1 of 139998 tangents were not finite/);
      const t = flipped.meshes[0]!.attributes.tangents!;
      expect(Number.isFinite(t[139000 * 4]!), b).toBe(true);
    }
  });
});
