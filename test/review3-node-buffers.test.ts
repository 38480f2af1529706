// Review: inputs and resolved files given as Node Buffers (readFileSync's own type, a Uint8Array
// subclass), whose slice() is a view, not a copy. (1) "An Asset never shares memory with what it
// was read from" (README § Asset, the lead's texture copy): texture bytes from a resolver that
// returns Buffers, and images embedded in a GLB given as a Buffer, must be the Asset's own.
// (2) The glTF reader's unaligned-accessor copy (copy-elements.ts) took `slice().buffer` from
// the start: on a Buffer at an odd byteOffset it read the wrong bytes.
import { encode as encodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { glbFormat, gltfFormat, iqmFormat, type Asset, type Kernels } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
const PNG = encodePng({ width: 2, height: 2, data: Uint8Array.from({ length: 16 }, (_, i) => i * 13), channels: 4, depth: 8 });

function quad(material: string): Asset {
  return {
    source: 'test',
    warnings: [],
    animations: [],
    meshes: [{ name: 'quad', material, attributes: { positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0), uvs: [Float32Array.of(0, 0, 1, 0, 0, 1)] }, indices: Uint16Array.of(0, 1, 2) }],
  };
}

/** A resolver handing out each file as a Node Buffer (a view of a larger pooled or shared buffer, as readFileSync's may be). */
function bufferResolver(files: Record<string, Uint8Array>): { resolve: (name: string) => Uint8Array | undefined; given: Buffer[] } {
  const given: Buffer[] = [];
  return {
    given,
    resolve: (name) => {
      const bytes = files[name];
      if (!bytes) return undefined;
      const buffer = Buffer.from(bytes);
      given.push(buffer);
      return buffer;
    },
  };
}

describe('texture bytes from a resolver that returns Buffers are the Asset\'s own', () => {
  for (const backend of BACKENDS) {
    const k: Kernels = kernels[backend];
    it(`${backend}: material textures found beside an IQM (resolveMaterialTextures)`, () => {
      const iqm = iqmFormat.encodeSync(quad('a.png'), { kernels: k });
      const { resolve, given } = bufferResolver({ 'a.png': PNG });
      const asset = iqmFormat.parseSync(iqm, { kernels: k, resolve });
      const bytes = asset.materials?.[0]?.baseColorTexture?.bytes;
      expect(bytes).toEqual(PNG);
      for (const b of given) expect(bytes!.buffer).not.toBe(b.buffer);
      for (const b of given) b.fill(0);
      expect(bytes).toEqual(PNG);
    });

    it(`${backend}: images by URI from a .gltf (the glTF reader's resolver path)`, () => {
      const withTexture = iqmFormat.parseSync(iqmFormat.encodeSync(quad('a.png'), { kernels: k }), { kernels: k, resolve: (n) => (n === 'a.png' ? PNG.slice() : undefined) });
      const gltf = gltfFormat.encodeSync(withTexture, { kernels: k, textures: 'uri' });
      const { resolve, given } = bufferResolver({ 'a.png': PNG });
      const asset = gltfFormat.parseSync(gltf, { kernels: k, resolve });
      const bytes = asset.materials?.[0]?.baseColorTexture?.bytes;
      expect(bytes).toEqual(PNG);
      for (const b of given) expect(bytes!.buffer).not.toBe(b.buffer);
      for (const b of given) b.fill(0);
      expect(bytes).toEqual(PNG);
    });
  }
});

/** `bytes` as a Node Buffer at an odd byte offset of a larger buffer (as a Buffer cut out of a stream may lie). */
function oddBuffer(bytes: Uint8Array): Buffer {
  const whole = Buffer.alloc(bytes.length + 3, 0x5a);
  whole.set(bytes, 1);
  return whole.subarray(1, 1 + bytes.length);
}

describe('a GLB given as a Node Buffer at an odd byte offset', () => {
  for (const backend of BACKENDS) {
    const k: Kernels = kernels[backend];
    it(`${backend}: read as the same bytes in a Uint8Array are (every accessor unaligned in memory)`, () => {
      const glb = glbFormat.encodeSync(quad('plain'), { kernels: k });
      const expected = glbFormat.parseSync(glb.slice(), { kernels: k });
      const fromBuffer = glbFormat.parseSync(oddBuffer(glb), { kernels: k });
      expect(Array.from(fromBuffer.meshes[0]!.attributes.positions)).toEqual(Array.from(expected.meshes[0]!.attributes.positions));
      expect(Array.from(fromBuffer.meshes[0]!.attributes.uvs![0]!)).toEqual(Array.from(expected.meshes[0]!.attributes.uvs![0]!));
      expect(Array.from(fromBuffer.meshes[0]!.indices)).toEqual(Array.from(expected.meshes[0]!.indices));
    });

    it(`${backend}: an embedded image is the Asset's own, not a view of the input`, () => {
      const withTexture = iqmFormat.parseSync(iqmFormat.encodeSync(quad('a.png'), { kernels: k }), { kernels: k, resolve: (n) => (n === 'a.png' ? PNG.slice() : undefined) });
      const input = Buffer.from(glbFormat.encodeSync(withTexture, { kernels: k }));
      const asset = glbFormat.parseSync(input, { kernels: k });
      const bytes = asset.materials?.[0]?.baseColorTexture?.bytes;
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect(Array.from(bytes!)).toEqual(Array.from(PNG));
      expect(bytes!.buffer).not.toBe(input.buffer);
      input.fill(0);
      expect(Array.from(bytes!)).toEqual(Array.from(PNG));
    });
  }
});
