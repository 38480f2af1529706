/**
 * EXT_meshopt_compression on hostile input: every refusal is a MeshFormatError naming format
 * gltf, the bufferView and an offset; decoded sizes are checked against the read's memory budget
 * before anything is decoded; a corrupt stream never escapes as meshoptimizer's own Error. Run on
 * all three backends. The first test runs before `initMeshopt()`, as a user of `parseSync` would.
 */
import { describe, expect, it } from 'vitest';
import { glbFormat, GlbLoader, initMeshopt, meshoptReady, MeshFormatError } from '../bindings/index.js';
import { encodeMeshoptView, meshoptFallbackBuffer } from '../bindings/formats/gltf/meshopt-encode.js';
import { mentionsMeshopt } from '../bindings/formats/gltf/meshopt-module.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { glb } from './helpers/gltf-samples.js';
import { refusal } from './helpers/refusal.js';

const kernels = allKernels();

/** A one-triangle-strip GLB of `quads` quads whose position and index views are meshopt-compressed (BIN = buffer 0, fallback = buffer 1). */
function compressedGlb(quads = 8, edit: (json: Record<string, any>) => void = () => {}): Uint8Array {
  const positions = new Float32Array(quads * 4 * 3).map((_, i) => (i % 3 === 2 ? 0 : Math.floor(i / 3) * 0.25 + (i % 3)));
  const indices = new Uint16Array(quads * 6).map((_, i) => Math.floor(i / 6) * 4 + [0, 1, 2, 0, 2, 3][i % 6]!);
  const p = encodeMeshoptView({ bytes: new Uint8Array(positions.buffer), count: quads * 4, byteStride: 12, mode: 'ATTRIBUTES' });
  const ix = encodeMeshoptView({ bytes: new Uint8Array(indices.buffer), count: quads * 6, byteStride: 2, mode: 'TRIANGLES' }, { byteOffset: (p.bytes.length + 3) & ~3 });
  const bin = new Uint8Array(ix.extension.byteOffset + ix.bytes.length);
  bin.set(p.bytes, 0);
  bin.set(ix.bytes, ix.extension.byteOffset);
  const json: Record<string, any> = {
    asset: { version: '2.0' },
    extensionsUsed: ['EXT_meshopt_compression'],
    extensionsRequired: ['EXT_meshopt_compression'],
    buffers: [{ byteLength: bin.length }, meshoptFallbackBuffer(positions.byteLength + indices.byteLength)],
    bufferViews: [
      { buffer: 1, byteOffset: 0, byteLength: positions.byteLength, byteStride: 12, extensions: { EXT_meshopt_compression: p.extension } },
      { buffer: 1, byteOffset: positions.byteLength, byteLength: indices.byteLength, extensions: { EXT_meshopt_compression: ix.extension } },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: quads * 4, type: 'VEC3', min: [0, 0, 0], max: [quads + 1, quads + 1, 0] },
      { bufferView: 1, componentType: 5123, count: quads * 6, type: 'SCALAR' },
    ],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    nodes: [{ mesh: 0 }],
    scenes: [{ nodes: [0] }],
  };
  edit(json);
  return glb(json, bin);
}

describe('EXT_meshopt_compression before and after initMeshopt()', () => {
  it('parseSync before the decoder is loaded: UNSUPPORTED, telling to await initMeshopt(); the async loader loads it itself', async () => {
    expect(meshoptReady()).toBe(false);
    // The package's encoder used directly, so that meshcodec's own loading has not happened yet.
    const { MeshoptEncoder } = await import('meshoptimizer/encoder');
    await MeshoptEncoder.ready;
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const packed = MeshoptEncoder.encodeGltfBuffer(new Uint8Array(positions.buffer), 3, 12, 'ATTRIBUTES');
    const bytes = glb({
      asset: { version: '2.0' },
      extensionsRequired: ['EXT_meshopt_compression'],
      extensionsUsed: ['EXT_meshopt_compression'],
      buffers: [{ byteLength: packed.length }, { byteLength: 36, extensions: { EXT_meshopt_compression: { fallback: true } } }],
      bufferViews: [{ buffer: 1, byteLength: 36, byteStride: 12, extensions: { EXT_meshopt_compression: { buffer: 0, byteLength: packed.length, byteStride: 12, count: 3, mode: 'ATTRIBUTES' } } }],
      accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      nodes: [{ mesh: 0 }],
    }, packed);
    const error = refusal(() => glbFormat.parseSync(bytes));
    expect(error.code).toBe('UNSUPPORTED');
    expect(error.format).toBe('gltf');
    expect(error.message).toMatch(/bufferViews\[0\] is compressed with EXT_meshopt_compression .*await initMeshopt\(\)/);
    expect(mentionsMeshopt(bytes)).toBe(true);
    expect(mentionsMeshopt(glb({ asset: { version: '2.0' } }))).toBe(false);
    const asset = await GlbLoader.parse(bytes);
    expect(meshoptReady()).toBe(true);
    expect([...asset.meshes[0]!.attributes.positions]).toEqual([...positions]);
    expect(glbFormat.parseSync(bytes).meshes[0]!.attributes.positions).toEqual(positions);
  });
});

describe.each(BACKENDS)('hostile EXT_meshopt_compression (%s)', (backend) => {
  const read = (bytes: Uint8Array) => glbFormat.parseSync(bytes, { kernels: kernels[backend] });
  const refused = (edit: (json: Record<string, any>) => void, code: string, text: RegExp) => {
    const error = refusal(() => read(compressedGlb(8, edit)));
    expect(error.code).toBe(code);
    expect(error.format).toBe('gltf');
    expect(error.offset).toBeTypeOf('number');
    expect(error.message).toMatch(text);
    return error;
  };

  it('reads the well-formed file: the same positions and triangles as stored', async () => {
    await initMeshopt();
    const asset = read(compressedGlb());
    expect(asset.meshes[0]!.attributes.positions.length).toBe(96);
    expect([...asset.meshes[0]!.indices.slice(0, 6)].sort()).toEqual([0, 0, 1, 2, 2, 3]);
    expect(asset.warnings).toEqual([]);
  });

  it('a count that promises more than the budget allows: BAD_COUNT before decoding', () => {
    refused((j) => { j.bufferViews[0].extensions.EXT_meshopt_compression.count = 50_000_000; j.bufferViews[0].byteLength = 600_000_000; j.accessors[0].count = 50_000_000; j.buffers[1].byteLength = 600_000_096; }, 'BAD_COUNT', /maxExpansion/);
  });
  it('mode, filter and stride the extension does not allow: BAD_VALUE', () => {
    refused((j) => { j.bufferViews[0].extensions.EXT_meshopt_compression.mode = 'POINTS'; }, 'BAD_VALUE', /bufferViews\[0\].*mode "POINTS"/);
    refused((j) => { j.bufferViews[0].extensions.EXT_meshopt_compression.filter = 'QUATERNION'; }, 'BAD_VALUE', /QUATERNION filter needs a byteStride of 8/);
    refused((j) => { j.bufferViews[1].extensions.EXT_meshopt_compression.filter = 'OCTAHEDRAL'; }, 'BAD_VALUE', /only allowed with mode ATTRIBUTES/);
    refused((j) => { j.bufferViews[1].extensions.EXT_meshopt_compression.byteStride = 3; j.bufferViews[1].byteLength = 144; }, 'BAD_VALUE', /must be 2 or 4/);
    refused((j) => { j.bufferViews[0].extensions.EXT_meshopt_compression.byteStride = 16; }, 'BAD_VALUE', /byteStride 12 differs/);
    refused((j) => { j.bufferViews[0].byteLength = 400; }, 'BAD_VALUE', /byteLength 400 is not the extension's count × byteStride = 384/);
    refused((j) => { j.bufferViews[0].extensions.EXT_meshopt_compression = 7; }, 'BAD_VALUE', /is not an object/);
    refused((j) => { j.bufferViews[0].extensions.EXT_meshopt_compression.count = -1; }, 'BAD_VALUE', /count -1 is not an integer/);
  });
  it('compressed bytes outside their buffer, or in the data-less fallback buffer: BAD_OFFSET / BAD_VALUE / BAD_INDEX', () => {
    refused((j) => { j.bufferViews[0].extensions.EXT_meshopt_compression.byteLength = 100_000; }, 'BAD_OFFSET', /covers bytes 0\.\.100000/);
    refused((j) => { j.bufferViews[0].extensions.EXT_meshopt_compression.buffer = 1; }, 'BAD_VALUE', /fallback buffer with no data/);
    refused((j) => { j.bufferViews[0].extensions.EXT_meshopt_compression.buffer = 9; }, 'BAD_INDEX', /does not exist/);
    refused((j) => { delete j.bufferViews[0].extensions; }, 'BAD_VALUE', /fallback buffer with no data, and is not compressed/);
  });
  it('a corrupt or truncated stream: BAD_VALUE naming the view and the compressed bytes\' offset in the file', () => {
    const bytes = compressedGlb();
    const json = new TextDecoder().decode(bytes.subarray(20, 20 + new DataView(bytes.buffer).getUint32(12, true)));
    const binStart = 20 + new DataView(bytes.buffer).getUint32(12, true) + 8;
    const broken = bytes.slice();
    broken[binStart] = 0x33; // the vertex stream's header byte
    const error = refusal(() => read(broken));
    expect(error).toBeInstanceOf(MeshFormatError);
    expect(error.code).toBe('BAD_VALUE');
    expect(error.offset).toBe(binStart);
    expect(error.message).toMatch(/bufferViews\[0\]: the \d+ compressed bytes do not decode as ATTRIBUTES NONE data/);
    expect(json).toContain('EXT_meshopt_compression');
    const short = refused((j) => { j.bufferViews[1].extensions.EXT_meshopt_compression.byteLength -= 5; }, 'BAD_VALUE', /bufferViews\[1\]: the \d+ compressed bytes do not decode as TRIANGLES/);
    expect(short.offset).toBeGreaterThan(binStart);
  });
  it('random byte changes in the compressed data: only MeshFormatError, never another error', () => {
    const bytes = compressedGlb(40);
    const jsonEnd = 20 + new DataView(bytes.buffer).getUint32(12, true);
    const next = rng(backend.length * 977);
    for (let round = 0; round < 300; round++) {
      const mutated = bytes.slice();
      for (let k = 0; k < 1 + Math.floor(next() * 4); k++) {
        const at = jsonEnd + 8 + Math.floor(next() * (bytes.length - jsonEnd - 8));
        mutated[at] = Math.floor(next() * 256);
      }
      try {
        read(mutated);
      } catch (e) {
        expect(e).toBeInstanceOf(MeshFormatError);
        expect((e as MeshFormatError).code).not.toBe('INTERNAL');
      }
    }
  });
});
