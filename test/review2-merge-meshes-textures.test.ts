// Review of mergeMeshes (merge-meshes.ts): "one material as written" must follow what the writer
// writes. The writer tells images apart by their bytes (the same bytes object is one image, else
// by URI: texture-images.ts); two textures that share a URI but hold different bytes (two
// embedded glTF images of one name read back as one `uri`) are two images, so the meshes that use
// them are not written alike and must not be merged into one mesh with the first one's texture.
import { encode as encodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { glbFormat, gltf, type Asset, type Mesh } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernelsOf = allKernels();
const png = (grey: number) => encodePng({ width: 2, height: 2, data: new Uint8Array(16).fill(grey), channels: 4, depth: 8 });

/** The tube's mesh without its skin, moved along x, using `material`. */
function staticMesh(name: string, x: number, material: string): Mesh {
  const mesh = tubeAsset().meshes[0]!;
  const { joints: _j, weights: _w, ...attributes } = mesh.attributes;
  return { ...mesh, name, material, attributes: { ...attributes, positions: attributes.positions.map((v, i) => (i % 3 === 0 ? v + x : v)) } };
}

/** Per written mesh, the bytes of its material's base colour image. */
function imagesOfMeshes(bytes: Uint8Array): number[][] {
  const input = gltf.readGltfInput(bytes);
  const json = input.json as Record<string, any>;
  const bin = input.buffers[0]!;
  return json.meshes.map((m: any) => {
    const material = json.materials[m.primitives[0].material];
    const image = json.images[json.textures[material.pbrMetallicRoughness.baseColorTexture.index].source];
    const view = json.bufferViews[image.bufferView];
    return [...bin.subarray(view.byteOffset ?? 0, (view.byteOffset ?? 0) + view.byteLength)];
  });
}

describe.each(BACKENDS)('mergeMeshes and textures on %s', (backend) => {
  const kernels = kernelsOf[backend];

  it('two materials whose textures share a URI but not their bytes keep their meshes apart, each with its own image', () => {
    const dark = png(20);
    const light = png(230);
    const asset: Asset = {
      source: 'test',
      upAxis: 'y',
      meshes: [staticMesh('a', 0, 'dark'), staticMesh('b', 3, 'light')],
      materials: [
        { name: 'dark', baseColorTexture: { uri: 'baseColor.png', mimeType: 'image/png', bytes: dark } },
        { name: 'light', baseColorTexture: { uri: 'baseColor.png', mimeType: 'image/png', bytes: light } },
      ],
      animations: [],
      warnings: [],
    };
    const bytes = glbFormat.encodeSync(asset, { kernels, mergeMeshes: true });
    expect(asset.warnings.filter((w) => w.includes('(mergeMeshes)'))).toEqual([]);
    expect(imagesOfMeshes(bytes)).toEqual([[...dark], [...light]]);
  });

  it('read from a GLB whose two embedded images share a name (one URI in the Asset), the meshes keep their own images', () => {
    const dark = png(20);
    const light = png(230);
    const source: Asset = {
      source: 'test',
      upAxis: 'y',
      meshes: [staticMesh('a', 0, 'dark'), staticMesh('b', 3, 'light')],
      materials: [{ name: 'dark', baseColorTexture: { uri: 'a.png', bytes: dark } }, { name: 'light', baseColorTexture: { uri: 'b.png', bytes: light } }],
      animations: [],
      warnings: [],
    };
    // The images' names made alike in place (same length: the chunks keep their sizes).
    const glb = glbFormat.encodeSync(source, { kernels });
    const text = new TextDecoder('latin1').decode(glb).replace('"name":"b.png"', '"name":"a.png"');
    const renamed = Uint8Array.from(text, (c) => c.charCodeAt(0));
    const asset = glbFormat.parseSync(renamed, { kernels });
    expect(asset.materials!.map((m) => m.baseColorTexture!.uri)).toEqual(['a.png', 'a.png']);
    const bytes = glbFormat.encodeSync(asset, { kernels, mergeMeshes: true });
    expect(imagesOfMeshes(bytes)).toEqual([[...dark], [...light]]);
  });
});
