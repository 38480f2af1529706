import { WebIO, type Document } from '@gltf-transform/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { glbFormat, gltf, iqmFormat, type Asset } from '../bindings/index.js';
import { assetToGltf } from '../bindings/formats/gltf/asset-to-gltf.js';
import { composeTrs, multiply, type Mat4 } from '../bindings/formats/gltf/transforms.js';
import { gltfToFiles } from '../bindings/formats/gltf/write-gltf.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { validateGltf } from './helpers/gltf-validator.js';

const FIXTURES = join(import.meta.dirname, '../fixtures');

function jsonOf(glbBytes: Uint8Array): Record<string, any> {
  return gltf.readGltfInput(glbBytes).json as Record<string, any>;
}

describe('Asset → glTF', () => {
  it('gltf-transform (an independent reader and writer) reads the direct GLB and writes back the same arrays and the same Asset', async () => {
    const ours = glbFormat.encodeSync(tubeAsset());
    const io = new WebIO();
    const read = await io.readBinary(ours);
    const theirs = await io.writeBinary(read);
    const [a, b] = await Promise.all([ours, theirs].map((bytes) => io.readBinary(bytes)));
    const arrays = (d: Document) => d.getRoot().listAccessors().map((x) => [x.getType(), x.getComponentType(), x.getNormalized(), Array.from(x.getArray()!)]);
    expect(arrays(a!)).toEqual(arrays(b!));
    expect(arrays(a!).length).toBe(jsonOf(ours).accessors.length);
    expect(glbFormat.parseSync(ours)).toEqual(glbFormat.parseSync(theirs));
    // Every array in a view of its own, each view at a multiple of 4 bytes, vertex attributes and indices with their targets.
    const json = jsonOf(ours);
    expect(json.bufferViews.length).toBe(json.accessors.length);
    for (const view of json.bufferViews) expect((view.byteOffset ?? 0) % 4).toBe(0);
    const primitive = json.meshes[0].primitives[0];
    for (const index of Object.values(primitive.attributes) as number[]) expect(json.bufferViews[json.accessors[index].bufferView].target).toBe(34962);
    expect(json.bufferViews[json.accessors[primitive.indices].bufferView].target).toBe(34963);
    expect(json.accessors[primitive.attributes.POSITION].min).toHaveLength(3);
    expect((await validateGltf(ours)).errors).toBe(0);
  });

  it('Z-up assets are turned Y-up, (x, y, z) → (x, z, −y); upAxis: keep leaves them', () => {
    const zUp = (): Asset => ({ ...tubeAsset(), upAxis: 'z' });
    const p = zUp().meshes[0]!.attributes.positions;
    const yUp = glbFormat.parseSync(glbFormat.encodeSync(zUp())).meshes[0]!.attributes.positions;
    const kept = glbFormat.parseSync(glbFormat.encodeSync(zUp(), { upAxis: 'keep' })).meshes[0]!.attributes.positions;
    const plus = (values: number[]) => values.map((v) => v + 0);
    for (let i = 0; i < p.length; i += 3) {
      expect(plus([yUp[i]!, yUp[i + 1]!, yUp[i + 2]!])).toEqual(plus([p[i]!, p[i + 2]!, -p[i + 1]!]));
      expect([kept[i], kept[i + 1], kept[i + 2]]).toEqual([p[i], p[i + 1], p[i + 2]]);
    }
    // Back to Z-up on reading gives the source.
    expect(glbFormat.parseSync(glbFormat.encodeSync(zUp()), { upAxis: 'z' }).meshes[0]!.attributes.positions).toEqual(p);
  });

  it('flipWinding and flipV, off by default (the Asset winds and maps as glTF does)', () => {
    const source = tubeAsset();
    const plain = glbFormat.parseSync(glbFormat.encodeSync(tubeAsset()));
    const flipped = glbFormat.parseSync(glbFormat.encodeSync(tubeAsset(), { flipWinding: true, flipV: true }));
    expect(Array.from(plain.meshes[0]!.indices.subarray(0, 3))).toEqual(Array.from(source.meshes[0]!.indices.subarray(0, 3)));
    const [a, b, c] = source.meshes[0]!.indices;
    expect(Array.from(flipped.meshes[0]!.indices.subarray(0, 3))).toEqual([a, c, b]);
    expect(flipped.meshes[0]!.attributes.uvs![0]![1]).toBeCloseTo(1 - source.meshes[0]!.attributes.uvs![0]![1]!, 6);
  });

  it('one material per distinct name; indices at the narrowest type', async () => {
    const tube = tubeAsset();
    const mesh = tube.meshes[0]!;
    const asset: Asset = { ...tube, meshes: [{ ...mesh, name: 'a', material: 'steel' }, { ...mesh, name: 'b', material: 'glass' }, { ...mesh, name: 'c', material: 'steel' }] };
    const bytes = glbFormat.encodeSync(asset);
    const json = jsonOf(bytes);
    expect(json.materials.map((m: { name: string }) => m.name)).toEqual(['steel', 'glass']);
    expect(json.meshes.map((m: any) => m.primitives[0].material)).toEqual([0, 1, 0]);
    const indexType = json.accessors[json.meshes[0].primitives[0].indices].componentType;
    expect(indexType).toBe(mesh.attributes.positions.length / 3 < 256 ? 5121 : 5123);
    expect((await validateGltf(bytes)).errors).toBe(0);
  });

  it('inverse bind matrices invert the bind pose\'s world matrices', () => {
    const bytes = glbFormat.encodeSync(iqmFormat.parseSync(new Uint8Array(readFileSync(join(FIXTURES, 'tube.iqm')))));
    const input = gltf.readGltfInput(bytes);
    const json = input.json as Record<string, any>;
    const ibm = new gltf.AccessorReader(input, 256).floats(json.skins[0].inverseBindMatrices, 'ibm', ['MAT4']).data;
    const back = glbFormat.parseSync(bytes);
    const world: Mat4[] = [];
    back.skeleton!.joints.forEach((j, k) => {
      const local = composeTrs(j.translation, j.rotation, j.scale);
      world[k] = j.parent >= 0 ? multiply(world[j.parent]!, local) : local;
      const product = multiply(Float64Array.from(ibm.subarray(k * 16, k * 16 + 16)), world[k]!);
      product.forEach((v, i) => expect(v).toBeCloseTo(i % 5 === 0 ? 1 : 0, 5));
    });
  });

  it('what glTF cannot hold or had to change is named in asset.warnings', () => {
    const tube = tubeAsset();
    const weights = tube.meshes[0]!.attributes.weights!;
    weights.fill(0, 0, 4);
    tube.meshes.push({ name: 'empty', attributes: { positions: new Float32Array(0) }, indices: new Uint8Array(0) });
    glbFormat.encodeSync(tube);
    expect(tube.warnings).toContain('mesh empty has no triangles and is left out (glTF accessors cannot be empty)');
    expect(tube.warnings).toContain('mesh tube: vertices without skin weights were bound wholly to their first joint');
  });

  it('a .gltf with external buffers names them after the output', () => {
    const files = gltfToFiles(assetToGltf(tubeAsset()).build(), 'dir/robot.gltf');
    expect(files.map((f) => f.name)).toEqual(['dir/robot.gltf', 'dir/robot.bin']);
    expect(JSON.parse(new TextDecoder().decode(files[0]!.bytes)).buffers[0].uri).toBe('robot.bin');
  });
});
