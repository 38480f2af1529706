import { UnigineReader } from './field-reader.js';
import type { IndexArray } from '../../model/asset.js';
import {
  MESH_MAGIC,
  storedIndexWidth,
  type UnigineBounds,
  type UnigineMeshAnimation,
  type UnigineMeshDocument,
  type UnigineMorphTarget,
  type UnigineSurface,
} from './mesh-document.js';
import {
  FORMAT_NAME,
  expectMagic,
  readAnimatedBones,
  readBindPose,
  readBones,
  readBounds,
  readCount,
  readF32s,
  readFrames,
  readI16s,
  readLeadingMagic,
  readNames,
  readString,
  readU16s,
  readU32s,
  readU8s,
} from './read-common.js';

/** Largest number of bone weights per vertex UNIGINE allows. */
export const MAX_WEIGHTS_PER_VERTEX = 4;

/** Reads an ms11 `.mesh` file into its document. Throws MeshFormatError for anything else. */
export function readMesh(bytes: Uint8Array): UnigineMeshDocument {
  const reader = new UnigineReader(bytes, FORMAT_NAME);
  const magic = readLeadingMagic(reader);
  if (magic !== MESH_MAGIC) reader.fail('BAD_MAGIC', `this is a UNIGINE animation ("${magic}"), not a mesh ("${MESH_MAGIC}")`, 0);
  return readMeshBody(reader);
}

/** The rest of an ms11 file, after its leading magic. */
export function readMeshBody(reader: UnigineReader): UnigineMeshDocument {
  const bounds = readBounds(reader, 'mesh bounds');
  const bones = readBones(reader);
  const animationNames = readNames(reader, 'animation');
  const headers = readSurfaceHeaders(reader);
  expectMagic(reader, MESH_MAGIC, 'after the surface headers');
  const bindPose = readBindPose(reader, bones.length);
  const animations: UnigineMeshAnimation[] = animationNames.map((name, i) => {
    const label = `animation ${i} (${name})`;
    const boneIndices = readAnimatedBones(reader, bones.length, label);
    const mask = reader.u8(`${label} mask`);
    return readFrames<Float32Array>(reader, name, label, boneIndices, mask, 4);
  });
  const surfaces = headers.map((header, i) => readSurfaceData(reader, header, i, bones.length));
  expectMagic(reader, MESH_MAGIC, 'at the end of the file');
  if (reader.remaining > 0) reader.fail('TRAILING_DATA', `${reader.remaining} bytes follow the closing "${MESH_MAGIC}" marker`);
  const doc: UnigineMeshDocument = { kind: 'mesh', bounds, bones, bindPose, animations, surfaces };
  if (reader.verbatim) doc.verbatim = reader.verbatim;
  return doc;
}

interface SurfaceHeader {
  name: string;
  bounds: UnigineBounds;
  targetNames: string[];
}

function readSurfaceHeaders(reader: UnigineReader): SurfaceHeader[] {
  const count = readCount(reader, 43, 'surface');
  const headers: SurfaceHeader[] = [];
  for (let i = 0; i < count; i++) {
    const name = readString(reader, `surface ${i} name`);
    const bounds = readBounds(reader, `surface ${i} bounds`);
    const targetNames = readNames(reader, `surface ${i} morph target`);
    headers.push({ name, bounds, targetNames });
  }
  return headers;
}

function readSurfaceData(reader: UnigineReader, header: SurfaceHeader, index: number, boneCount: number): UnigineSurface {
  const label = `surface ${index} (${header.name})`;
  const targets: UnigineMorphTarget[] = header.targetNames.map((name, t) => {
    const vertexCount = readCount(reader, 12, `${label} target ${t} vertex`);
    const vertices = readF32s(reader, vertexCount * 3, `${label} target ${t} vertices`);
    const tangentCount = readCount(reader, 8, `${label} target ${t} tangent`);
    const tangents = readI16s(reader, tangentCount * 4, `${label} target ${t} tangents`);
    return { name, vertices, tangents };
  });
  const { weightCounts, weightBones, weightValues } = readWeights(reader, label, boneCount);
  const uv0 = readF32s(reader, readCount(reader, 8, `${label} UV0`) * 2, `${label} UV0`);
  const uv1 = readF32s(reader, readCount(reader, 8, `${label} UV1`) * 2, `${label} UV1`);
  const colors = readU8s(reader, readCount(reader, 4, `${label} color`) * 4, `${label} colors`);
  const coordinateVertices = (targets[0]?.vertices.length ?? 0) / 3;
  const triangleVertices = (targets[0]?.tangents.length ?? 0) / 4;
  const cindices = readIndices(reader, storedIndexWidth(coordinateVertices), `${label} cindices`);
  const tindices = readIndices(reader, storedIndexWidth(triangleVertices), `${label} tindices`);
  return { name: header.name, bounds: header.bounds, targets, weightCounts, weightBones, weightValues, uv0, uv1, colors, cindices, tindices };
}

function readWeights(reader: UnigineReader, label: string, boneCount: number) {
  const vertexCount = readCount(reader, 1, `${label} weight`);
  const start = reader.offset;
  const total = countWeights(reader.bytes, start, vertexCount);
  if (total < 0) badWeightRecord(reader, label, start, -total - 1);
  const weightCounts = new Uint8Array(vertexCount);
  // WEIGHT_SLACK spare slots: the unrolled loop writes all four slots of a record, used or not.
  const bones = new Int16Array(total + WEIGHT_SLACK);
  const values = new Uint16Array(total + WEIGHT_SLACK);
  const split = splitWeightRecords(reader.view, start, vertexCount, boneCount, weightCounts, bones, values);
  // Where the unrolled loop stopped (near the end of the input, or at a weight naming no bone),
  // one weight at a time; this loop raises the error, with its vertex and offset.
  const view = reader.view;
  let offset = split.offset;
  for (let v = split.vertex, w = split.weight; v < vertexCount; v++) {
    const n = view.getUint8(offset++);
    weightCounts[v] = n;
    for (let k = 0; k < n; k++, w++, offset += 4) {
      const word = view.getUint32(offset, true);
      const bone = (word << 16) >> 16;
      if (bone < 0 || bone >= boneCount) boneOutOfRange(reader, label, v, bone, boneCount, offset);
      bones[w] = bone;
      values[w] = word >>> 16;
    }
  }
  reader.offset = offset;
  return { weightCounts, weightBones: bones.subarray(0, total), weightValues: values.subarray(0, total) };
}

const WEIGHT_SLACK = MAX_WEIGHTS_PER_VERTEX - 1;
/** Bytes of the longest weight record: the count byte and four weights. */
const LONGEST_RECORD = 1 + 4 * MAX_WEIGHTS_PER_VERTEX;

/**
 * The skin records of vertices whose counts are already checked (at most four each, all in the
 * input), without a branch on the data: each record's four possible weights are loaded as four
 * little-endian uint32 words (the int16 bone in the low half, the uint16 value in the high half)
 * and all four stored, then the weight cursor moves by the record's count, so the next record
 * overwrites the unused slots. A bone outside the skeleton is found with integer masks (weight k
 * counts when k < n). Stops at the first record that could reach past the input or names a bone
 * out of range; returns where it stopped.
 *
 * Alternatives, measured on the speed bar's tiled mrfixit as UNIGINE (16.7k vertices of one to
 * four weights, shared machine): a loop over each record's weights, assembling bone and value
 * from four bytes each (the reader before): ~13 ns per vertex, mostly the mispredicted loop
 * exits as the counts vary; the same loop with one DataView load per weight: ~11 ns; this: ~3 ns.
 */
function splitWeightRecords(
  view: DataView, offset: number, vertexCount: number, boneCount: number, counts: Uint8Array, bones: Int16Array, values: Uint16Array,
): { vertex: number; weight: number; offset: number } {
  const last = view.byteLength - LONGEST_RECORD;
  const maxBone = boneCount - 1;
  let v = 0;
  let w = 0;
  for (; v < vertexCount && offset <= last; v++) {
    const n = view.getUint8(offset);
    const w0 = view.getUint32(offset + 1, true);
    const w1 = view.getUint32(offset + 5, true);
    const w2 = view.getUint32(offset + 9, true);
    const w3 = view.getUint32(offset + 13, true);
    const b0 = (w0 << 16) >> 16;
    const b1 = (w1 << 16) >> 16;
    const b2 = (w2 << 16) >> 16;
    const b3 = (w3 << 16) >> 16;
    // (maxBone − b) | b is negative exactly when b is outside 0..maxBone, k − n exactly when k < n.
    const outside = (((maxBone - b0) | b0) & (0 - n)) | (((maxBone - b1) | b1) & (1 - n)) | (((maxBone - b2) | b2) & (2 - n)) | (((maxBone - b3) | b3) & (3 - n));
    if (outside < 0) break;
    counts[v] = n;
    bones[w] = b0;
    bones[w + 1] = b1;
    bones[w + 2] = b2;
    bones[w + 3] = b3;
    values[w] = w0 >>> 16;
    values[w + 1] = w1 >>> 16;
    values[w + 2] = w2 >>> 16;
    values[w + 3] = w3 >>> 16;
    w += n;
    offset += 1 + 4 * n;
  }
  return { vertex: v, weight: w, offset };
}

// The loops of the skin records are functions of their own, and so are their errors. In one
// function with the code that runs once after them, V8 optimizes the running loop on the stack
// (OSR) before that code has run, and the optimized code is thrown away on reaching it, on every
// call: the loop then runs mostly unoptimized (3–4× slower here). A message built inside the
// loops, even on a path never taken, makes them several times slower too.

/**
 * The weights of `vertexCount` skin records from `offset`, or −(v + 1) for the first record v
 * that starts past the input or has more than MAX_WEIGHTS_PER_VERTEX weights, or for the last
 * record when it ends past the input.
 */
function countWeights(bytes: Uint8Array, offset: number, vertexCount: number): number {
  const length = bytes.length;
  let total = 0;
  for (let v = 0; v < vertexCount; v++) {
    if (offset >= length) return -(v + 1);
    const n = bytes[offset]!;
    if (n > MAX_WEIGHTS_PER_VERTEX) return -(v + 1);
    total += n;
    offset += 1 + 4 * n;
  }
  return offset > length ? -vertexCount : total;
}

/** The error of skin record `vertex` (countWeights found it bad): too many weights, or cut off. */
function badWeightRecord(reader: UnigineReader, label: string, offset: number, vertex: number): never {
  const bytes = reader.bytes;
  for (let v = 0; v < vertex; v++) offset += 1 + 4 * bytes[offset]!;
  if (offset >= bytes.length) weightsCutOff(reader, label, vertex, offset);
  const n = bytes[offset]!;
  if (n > MAX_WEIGHTS_PER_VERTEX) tooManyWeights(reader, label, vertex, n, offset);
  return weightsCutOff(reader, label, vertex, offset + 1 + 4 * n);
}

function weightsCutOff(reader: UnigineReader, label: string, vertex: number, offset: number): never {
  return reader.fail('TRUNCATED', `${label} weights of vertex ${vertex} are cut off by the end of the file`, Math.min(offset, reader.length));
}

function tooManyWeights(reader: UnigineReader, label: string, vertex: number, count: number, offset: number): never {
  return reader.fail('BAD_VALUE', `${label} vertex ${vertex} has ${count} bone weights; UNIGINE allows at most ${MAX_WEIGHTS_PER_VERTEX}`, offset);
}

function boneOutOfRange(reader: UnigineReader, label: string, vertex: number, bone: number, boneCount: number, offset: number): never {
  return reader.fail('BAD_INDEX', `${label} vertex ${vertex} is weighted to bone ${bone}, outside 0..${boneCount - 1}`, offset);
}

function readIndices(reader: UnigineReader, width: 1 | 2 | 4, what: string): IndexArray {
  const count = readCount(reader, width, what);
  return width === 1 ? readU8s(reader, count, what) : width === 2 ? readU16s(reader, count, what) : readU32s(reader, count, what);
}
