// The glTF reader bakes a skin's bind shape (bind-shape.ts): skinned meshes whose positions are
// stored in another space than the skeleton's (a quantization grid folded into the inverse bind
// matrices, as gltfpack and meshcodec's `quantize` write) come back in place, on every backend.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { glbFormat, gltf, iqmFormat, type Kernels } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const GUY = join(import.meta.dirname, '../../../shared/corpus/iqm/raylib_guy.iqm');
const kernelsOf = allKernels();
const gltfpack = createRequire(import.meta.url)('gltfpack') as { pack(args: string[], iface: { read(path: string): Uint8Array; write(path: string, data: Uint8Array): void }): Promise<string> };
beforeAll(() => gltf.initMeshopt());

async function pack(input: Uint8Array, flags: string[]): Promise<Uint8Array> {
  let out: Uint8Array | undefined;
  await gltfpack.pack(['-i', 'in.glb', '-o', 'out.glb', ...flags], { read: () => input, write: (_p, data) => void (out = data.slice()) });
  return out!;
}

/** Per-axis minimum then maximum of every mesh's positions. */
function box(meshes: { attributes: { positions: Float32Array } }[]): number[] {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const m of meshes) m.attributes.positions.forEach((v, i) => { min[i % 3] = Math.min(min[i % 3]!, v); max[i % 3] = Math.max(max[i % 3]!, v); });
  return [...min, ...max];
}

describe.each(BACKENDS)('skins with a bind shape on %s', (backend) => {
  const kernels: Kernels = kernelsOf[backend];
  const sources: [string, () => Uint8Array][] = [['the tube', () => glbFormat.encodeSync(tubeAsset(), { kernels })]];
  if (existsSync(GUY)) sources.push(['raylib_guy.iqm', () => glbFormat.encodeSync(iqmFormat.parseSync(new Uint8Array(readFileSync(GUY)), { kernels }), { kernels })]);

  it.each(sources)('%s through gltfpack (default and -cc): the skinned meshes come back where they were (box within 1/1000 of its size)', async (_name, plainGlb) => {
    const plain = plainGlb();
    const expected = box(glbFormat.parseSync(plain, { kernels }).meshes);
    const size = Math.max(expected[3]! - expected[0]!, expected[4]! - expected[1]!, expected[5]! - expected[2]!);
    for (const flags of [[], ['-cc']]) {
      const packed = await pack(plain, flags);
      const json = gltf.readGltfInput(packed).json as { accessors: { componentType: number }[]; meshes: { primitives: { attributes: { POSITION: number } }[] }[] };
      // gltfpack did quantize the skinned positions (so the test reads a folded grid).
      expect(json.accessors[json.meshes[0]!.primitives[0]!.attributes.POSITION]!.componentType).not.toBe(5126);
      const got = box(glbFormat.parseSync(packed, { kernels }).meshes);
      got.forEach((v, i) => expect(Math.abs(v - expected[i]!)).toBeLessThanOrEqual(size / 1000));
    }
  });

  it('a skin whose joints disagree (one inverse bind matrix moved) is read as stored, as before', () => {
    const bytes = glbFormat.encodeSync(tubeAsset(), { kernels, quantize: true });
    const input = gltf.readGltfInput(bytes);
    const json = input.json as { skins: { inverseBindMatrices: number }[]; accessors: { bufferView: number }[]; bufferViews: { byteOffset?: number }[] };
    const view = json.bufferViews[json.accessors[json.skins[0]!.inverseBindMatrices]!.bufferView]!;
    const at = input.bufferOffsets[0]! + (view.byteOffset ?? 0);
    const changed = bytes.slice();
    // Joint 1's matrix, translation x (column 3, row 0) moved by 1.
    const dv = new DataView(changed.buffer);
    dv.setFloat32(at + 64 + 48, dv.getFloat32(at + 64 + 48, true) + 1, true);
    const stored = glbFormat.parseSync(changed, { kernels }).meshes[0]!.attributes.positions;
    // Positions as stored: the grid's integers, not the tube's coordinates.
    expect(Math.max(...stored)).toBeGreaterThan(1000);
    expect(stored.every(Number.isInteger)).toBe(true);
  });
});
