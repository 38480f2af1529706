import { iqmToAsset } from '../bindings/formats/iqm/to-asset.js';
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { MeshFormatError } from '../bindings/index.js';
import { iqmText, readIqm, writeIqm } from '../bindings/formats/iqm/index.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, readCorpus } from './helpers/corpus.js';
import { comparable, sampleIqmDocument } from './helpers/iqm-samples.js';

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const mrfixitAvailable = existsSync(MRFIXIT);

/** Field offsets in the 124-byte header. */
const H = { filesize: 20, numText: 28, ofsMeshes: 40, numVertexes: 48, ofsVertexArrays: 52, numTriangles: 56, ofsTriangles: 60, ofsAdjacency: 64, ofsJoints: 72, numPoses: 76, ofsPoses: 80, ofsAnims: 88, numFrames: 92, numFrameChannels: 96, ofsFrames: 100, ofsBounds: 104, numExtensions: 116, ofsExtensions: 120 };

function patched(bytes: Uint8Array, edits: [number, number][]): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  for (const [at, value] of edits) view.setUint32(at, value >>> 0, true);
  return copy;
}

const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);

function expectIqmError(bytes: Uint8Array, code: string, offset: number) {
  try {
    readIqm(bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(MeshFormatError);
    expect({ code: (e as MeshFormatError).code, offset: (e as MeshFormatError).offset }).toEqual({ code, offset });
    return;
  }
  throw new Error(`expected ${code} at ${offset}, but the file was read`);
}

describe('IQM writer and reader on a document using every feature', () => {
  const sample = sampleIqmDocument();
  const bytes = writeIqm(sample);

  it('reads back the document it wrote, and writes the same bytes again', () => {
    const read = readIqm(bytes);
    expect(comparable(read)).toEqual(comparable(sample));
    expect(writeIqm(read)).toEqual(bytes);
  });

  it('aligns every offset to 4 and vertex data to its component size, and records the file size', () => {
    expect(u32(bytes, H.filesize)).toBe(bytes.length);
    expect(bytes.length % 4).toBe(0);
    for (let at = 32; at < 124; at += 4) {
      if ([36, 44, 48, 56, 68, 76, 84, 92, 96, 108, 116].includes(at)) continue;
      expect(u32(bytes, at) % 4, `header field at ${at}`).toBe(0);
    }
    const table = u32(bytes, H.ofsVertexArrays);
    for (let i = 0; i < sample.vertexArrays.length; i++) {
      const size = sample.vertexArrays[i]!.data.BYTES_PER_ELEMENT;
      expect(u32(bytes, table + i * 20 + 16) % Math.max(4, size)).toBe(0);
    }
    expect(u32(bytes, table + 2 * 20 + 16) % 8).toBe(0); // the double array
  });

  it('keeps names as text offsets, custom array names, comment and extension bytes', () => {
    const read = readIqm(bytes);
    expect(read.meshes.map((m) => iqmText(read, m.name))).toEqual(['body', 'head']);
    expect(iqmText(read, read.vertexArrays[7]!.type - 0x10)).toBe('heat');
    expect(read.vertexArrays.map((a) => a.data.constructor.name)).toEqual(['Float32Array', 'Uint16Array', 'Float64Array', 'Int16Array', 'Uint32Array', 'Uint8Array', 'Uint16Array', 'Int8Array', 'Int32Array']);
    expect(new TextDecoder().decode(read.comment)).toBe('made by hand\0');
    expect(read.extensions.map((e) => [iqmText(read, e.name), Array.from(e.data)])).toEqual([['ext.a', [1, 2, 3]], ['ext.b', []]]);
  });

  it('reads tables at unaligned offsets (as FTE iqmtool writes them)', () => {
    // Move everything after the header by one byte and shift every offset.
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes.subarray(0, 124));
    shifted.set(bytes.subarray(124), 125);
    const view = new DataView(shifted.buffer);
    view.setUint32(H.filesize, shifted.length, true);
    for (const at of [32, 40, 52, 60, 64, 72, 80, 88, 100, 104, 112, 120]) if (view.getUint32(at, true)) view.setUint32(at, view.getUint32(at, true) + 1, true);
    const table = view.getUint32(H.ofsVertexArrays, true);
    for (let i = 0; i < sample.vertexArrays.length; i++) view.setUint32(table + i * 20 + 16, view.getUint32(table + i * 20 + 16, true) + 1, true);
    let ext = view.getUint32(H.ofsExtensions, true);
    for (let i = 0; i < 2; i++) {
      if (view.getUint32(ext + 4, true)) view.setUint32(ext + 8, view.getUint32(ext + 8, true) + 1, true);
      const next = view.getUint32(ext + 12, true);
      if (next) view.setUint32(ext + 12, next + 1, true);
      ext = next + 1;
    }
    expect(comparable(readIqm(shifted))).toEqual(comparable(sample));
  });
});

describe('IQM validation: each broken rule is a MeshFormatError at the offending offset', () => {
  const bytes = writeIqm(sampleIqmDocument());
  const at = (field: number) => u32(bytes, field);

  it('magic, version and file size', () => {
    expectIqmError(bytes.subarray(0, 10), 'BAD_MAGIC', 0);
    expectIqmError(patched(bytes, [[16, 1]]), 'UNSUPPORTED_VERSION', 16);
    expectIqmError(bytes.subarray(0, 100), 'TRUNCATED', 20);
    expectIqmError(bytes.subarray(0, bytes.length - 4), 'TRUNCATED', H.filesize);
    expectIqmError(patched(bytes, [[H.filesize, 64]]), 'BAD_VALUE', H.filesize);
  });

  it('every table inside the file and after the header', () => {
    expectIqmError(patched(bytes, [[H.ofsMeshes, bytes.length - 8]]), 'BAD_OFFSET', H.ofsMeshes);
    expectIqmError(patched(bytes, [[H.ofsJoints, 8]]), 'BAD_OFFSET', H.ofsJoints);
    expectIqmError(patched(bytes, [[H.ofsPoses, 0xfffffff0]]), 'BAD_OFFSET', H.ofsPoses);
    expectIqmError(patched(bytes, [[H.ofsAnims, bytes.length]]), 'BAD_OFFSET', H.ofsAnims);
    expectIqmError(patched(bytes, [[H.ofsAdjacency, bytes.length - 12]]), 'BAD_OFFSET', H.ofsAdjacency);
    expectIqmError(patched(bytes, [[H.ofsBounds, bytes.length - 40]]), 'BAD_OFFSET', H.ofsBounds);
    const firstArray = at(H.ofsVertexArrays);
    expectIqmError(patched(bytes, [[firstArray + 16, bytes.length - 20]]), 'BAD_OFFSET', firstArray + 16);
    expectIqmError(patched(bytes, [[firstArray + 8, 9]]), 'BAD_VALUE', firstArray + 8);
    expectIqmError(patched(bytes, [[firstArray + 12, 0]]), 'BAD_VALUE', firstArray + 12);
  });

  it('text offsets inside the text table', () => {
    expectIqmError(patched(bytes, [[at(H.ofsMeshes), at(H.numText)]]), 'BAD_OFFSET', at(H.ofsMeshes));
    expectIqmError(patched(bytes, [[at(H.ofsJoints) + 48, 10_000]]), 'BAD_OFFSET', at(H.ofsJoints) + 48);
    const custom = at(H.ofsVertexArrays) + 7 * 20;
    expectIqmError(patched(bytes, [[custom, 0x10 + at(H.numText)]]), 'BAD_OFFSET', custom);
  });

  it('triangle indices below num_vertexes, adjacency below num_triangles', () => {
    const triangles = at(H.ofsTriangles);
    expectIqmError(patched(bytes, [[triangles + 16, 5]]), 'BAD_INDEX', triangles + 16);
    expectIqmError(patched(bytes, [[H.numVertexes, 4]]), 'BAD_INDEX', at(H.ofsMeshes) + 24 + 8);
    expectIqmError(patched(bytes, [[at(H.ofsAdjacency) + 4, 2]]), 'BAD_INDEX', at(H.ofsAdjacency) + 4);
  });

  it('mesh ranges inside the vertex and triangle tables', () => {
    const mesh1 = at(H.ofsMeshes) + 24;
    expectIqmError(patched(bytes, [[mesh1 + 12, 3]]), 'BAD_INDEX', mesh1 + 8);
    expectIqmError(patched(bytes, [[mesh1 + 16, 2]]), 'BAD_INDEX', mesh1 + 16);
    expectIqmError(patched(bytes, [[mesh1 + 8, 0xffffffff]]), 'BAD_INDEX', mesh1 + 8);
  });

  it('poses match joints, parents in range and before their children, frames inside the file', () => {
    expectIqmError(patched(bytes, [[H.numPoses, 1]]), 'BAD_COUNT', H.numPoses);
    expectIqmError(patched(bytes, [[at(H.ofsJoints) + 4, 1]]), 'BAD_INDEX', at(H.ofsJoints) + 4);
    expectIqmError(patched(bytes, [[at(H.ofsJoints) + 48 + 4, 2]]), 'BAD_INDEX', at(H.ofsJoints) + 52);
    expectIqmError(patched(bytes, [[at(H.ofsPoses) + 88, 7]]), 'BAD_INDEX', at(H.ofsPoses) + 88);
    expectIqmError(patched(bytes, [[H.numFrameChannels, 4]]), 'BAD_VALUE', H.numFrameChannels);
    expectIqmError(patched(bytes, [[H.ofsFrames, bytes.length - 10]]), 'BAD_OFFSET', H.ofsFrames);
    expectIqmError(patched(bytes, [[at(H.ofsAnims) + 20 + 8, 2]]), 'BAD_INDEX', at(H.ofsAnims) + 24);
  });

  it('extensions: inside the file, no loops, data inside the file', () => {
    const first = at(H.ofsExtensions);
    expectIqmError(patched(bytes, [[H.numExtensions, 3]]), 'BAD_OFFSET', u32(bytes, first + 12) + 12);
    expectIqmError(patched(bytes, [[u32(bytes, first + 12) + 12, first], [H.numExtensions, 3]]), 'BAD_OFFSET', u32(bytes, first + 12) + 12);
    expectIqmError(patched(bytes, [[first + 4, 1000]]), 'BAD_OFFSET', first + 8);
    expectIqmError(patched(bytes, [[H.numExtensions, 0x10000000]]), 'BAD_COUNT', H.numExtensions);
  });

  it('refuses counts that promise far more decoded data than the file holds', () => {
    // No vertex arrays, a mesh claiming 2^31 vertices: nothing in the file backs them.
    expectIqmError(patched(bytes, [[H.numVertexes, 0x80000000], [at(H.ofsMeshes) + 24 + 12, 0x7ffffffd], [44, 0]]), 'BAD_COUNT', 36);
    // 2000 vertex arrays sharing one 400 KB block: each would be copied and converted.
    const shared = new Uint8Array(124 + 2000 * 20 + 400_000);
    shared.set(bytes.subarray(0, 20));
    const view = new DataView(shared.buffer);
    for (const [at, value] of [[H.filesize, shared.length], [44, 2000], [H.numVertexes, 100_000], [H.ofsVertexArrays, 124]]) view.setUint32(at!, value!, true);
    for (let i = 0; i < 2000; i++) for (const [k, value] of [[0, 0x10], [8, 7], [12, 1], [16, 124 + 2000 * 20]]) view.setUint32(124 + i * 20 + k!, value!, true);
    const refused = (() => { try { readIqm(shared); } catch (e) { return e as MeshFormatError; } })();
    expect([refused?.code, (refused!.offset! - 124 - 16) % 20]).toEqual(['BAD_COUNT', 0]);
  });

  it('frames that store nothing cost nothing: 2^24 frames of mask-0 poses read as constant tracks', () => {
    const still = patched(bytes, [[H.numFrameChannels, 0], [H.numFrames, 0x1000000], [at(H.ofsPoses) + 4, 0], [at(H.ofsPoses) + 92, 0], [H.ofsBounds, 0]]);
    const doc = readIqm(still);
    expect(doc.frames.length).toBe(0);
    const asset = iqmToAsset(doc);
    for (const animation of asset.animations) for (const track of animation.tracks) expect(track.times.length).toBe(1);
  });
});

/** Facts computed once from the files with an independent script (Python struct). */
const CORPUS_FACTS = {
  'raylib_guy.iqm': { bytes: 39408, meshes: 1, vertexArrays: 6, vertices: 240, triangles: 120, joints: 14, poses: 14, anims: ['jump', 'dance'], frames: 122, channels: 69, adjacency: true, bounds: true },
  'raylib_guyanim.iqm': { bytes: 18244, meshes: 0, vertexArrays: 0, vertices: 0, triangles: 0, joints: 0, poses: 14, anims: ['jump', 'dance'], frames: 122, channels: 69, adjacency: false, bounds: false },
  'raylib_vertex_colored_object.iqm': { bytes: 1800, meshes: 1, vertexArrays: 5, vertices: 24, triangles: 12, joints: 0, poses: 0, anims: [], frames: 0, channels: 0, adjacency: true, bounds: false },
};

function facts(bytes: Uint8Array) {
  const d = readIqm(bytes);
  return {
    bytes: bytes.length,
    meshes: d.meshes.length,
    vertexArrays: d.vertexArrays.length,
    vertices: d.vertexCount,
    triangles: d.triangles.length / 3,
    joints: d.joints.length,
    poses: d.poses.length,
    anims: d.anims.map((a) => iqmText(d, a.name)),
    frames: d.frameCount,
    channels: d.frameChannelCount,
    adjacency: !!d.adjacency,
    bounds: !!d.bounds,
  };
}

describe.skipIf(!corpusAvailable)(`IQM corpus (${corpusAvailable ? 'shared/corpus/iqm' : CORPUS_SKIP_MESSAGE})`, () => {
  for (const [name, expected] of Object.entries(CORPUS_FACTS)) {
    it(`${name}: counts, and re-encodes byte for byte`, () => {
      const bytes = readCorpus('iqm', name);
      expect(facts(bytes)).toEqual(expected);
      const rewritten = writeIqm(readIqm(bytes));
      expect(comparable(readIqm(rewritten))).toEqual(comparable(readIqm(bytes)));
      // raylib's files follow the reference compiler's layout exactly.
      expect(rewritten).toEqual(bytes);
    });
  }

  it('raylib_vertex_colored_object.iqm stores its colors as ubyte × 4', () => {
    const d = readIqm(readCorpus('iqm', 'raylib_vertex_colored_object.iqm'));
    expect(d.vertexArrays.map((a) => [a.type, a.format, a.size])).toEqual([[0, 7, 3], [1, 7, 2], [2, 7, 3], [3, 7, 4], [6, 1, 4]]);
  });
});

describe.skipIf(!mrfixitAvailable)(`mrfixit.iqm (${mrfixitAvailable ? MRFIXIT : 'apt-get install assimp-testmodels to run'})`, () => {
  it('counts, and the same bytes after writing (its own layout is kept: see iqm-layout.test.ts)', () => {
    const bytes = new Uint8Array(readFileSync(MRFIXIT));
    expect(facts(bytes)).toEqual({ bytes: 257808, meshes: 2, vertexArrays: 6, vertices: 1861, triangles: 2988, joints: 75, poses: 75, anims: ['idle'], frames: 101, channels: 333, adjacency: true, bounds: true });
    const d = readIqm(bytes);
    expect(d.meshes.map((m) => [iqmText(d, m.name), iqmText(d, m.material), m.vertexCount, m.triangleCount])).toEqual([['Body', 'Body.jpg', 1476, 2386], ['Head', 'Head.jpg', 385, 602]]);
    const rewritten = writeIqm(d);
    expect(comparable(readIqm(rewritten))).toEqual(comparable(d));
    expect(Buffer.compare(rewritten, bytes)).toBe(0);
  });
});
