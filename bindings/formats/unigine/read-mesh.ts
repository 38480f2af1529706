import { UnigineReader } from './field-reader.js';
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
  readArrayOrSpan,
  readCount,
  readFrames,
  readLeadingMagic,
  readNames,
  readString,
} from './read-common.js';
import { StagedSurface, StagedTarget, type StoredSpan } from './stored-arrays.js';

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
  let coordinateVertices = 0;
  let triangleVertices = 0;
  const targets: UnigineMorphTarget[] = header.targetNames.map((name, t) => {
    const vertexCount = readCount(reader, 12, `${label} target ${t} vertex`);
    const vertices = readArrayOrSpan(reader, Float32Array, vertexCount * 3, `${label} target ${t} vertices`);
    const tangentCount = readCount(reader, 8, `${label} target ${t} tangent`);
    const tangents = readArrayOrSpan(reader, Int16Array, tangentCount * 4, `${label} target ${t} tangents`);
    if (t === 0) [coordinateVertices, triangleVertices] = [vertexCount, tangentCount];
    return reader.staged
      ? new StagedTarget(name, vertices as StoredSpan, tangents as StoredSpan)
      : { name, vertices: vertices as Float32Array, tangents: tangents as Int16Array };
  });
  const { weightCounts, weightBones, weightValues } = readWeights(reader, label, boneCount);
  const uv0 = readArrayOrSpan(reader, Float32Array, readCount(reader, 8, `${label} UV0`) * 2, `${label} UV0`);
  const uv1 = readArrayOrSpan(reader, Float32Array, readCount(reader, 8, `${label} UV1`) * 2, `${label} UV1`);
  const colors = readArrayOrSpan(reader, Uint8Array, readCount(reader, 4, `${label} color`) * 4, `${label} colors`);
  const cindices = readIndices(reader, storedIndexWidth(coordinateVertices), `${label} cindices`);
  const tindices = readIndices(reader, storedIndexWidth(triangleVertices), `${label} tindices`);
  const fields = { name: header.name, bounds: header.bounds, targets, weightCounts, weightBones, weightValues };
  if (reader.staged) {
    return new StagedSurface(fields, { uv0, uv1, colors, cindices, tindices } as Record<'uv0' | 'uv1' | 'colors' | 'cindices' | 'tindices', StoredSpan>);
  }
  return { ...fields, uv0, uv1, colors, cindices, tindices } as UnigineSurface;
}

function readWeights(reader: UnigineReader, label: string, boneCount: number) {
  const vertexCount = readCount(reader, 1, `${label} weight`);
  const start = reader.offset;
  const weightCounts = new Uint8Array(vertexCount);
  const total = countWeights(reader.bytes, start, weightCounts);
  if (total < 0) badWeightRecord(reader, label, start, -total - 1);
  const weightBones = new Int16Array(total);
  const weightValues = new Uint16Array(total);
  reader.offset = splitWeightRecords(reader, label, start, boneCount, weightCounts, weightBones, weightValues);
  return { weightCounts, weightBones, weightValues };
}

/**
 * The skin records of `counts.length` vertices already checked by countWeights, which stored
 * their counts, into their bones and values; returns the offset after them. Each weight is one
 * little-endian uint32 load: the int16 bone in its low half, the uint16 value in its high half.
 * The next record's offset comes from `counts`, not from the record's first byte: no load in the
 * chain from one record to the next, so the loads of the weights overlap (the count pass must
 * follow that chain through the file once; this pass need not again).
 *
 * Alternatives, measured on the speed bar's tiled mrfixit as UNIGINE (surface 0: 13,284 records
 * of 1–4 weights, plain node, median of 400 interleaved rounds, shared machine): each weight
 * assembled from its four bytes (the reader before) 4.9 ns per record; this loop 4.0 ns; an
 * unrolled loop storing all four slots of every record and moving the cursor by its count (no
 * branch on the data) 6.1 ns. The check before them (countWeights) is 2.0 ns. Taking each count from
 * `counts` (stored by countWeights) instead of the record's first byte, and likewise the frame
 * flags in readFrames: the whole reader 1.08–1.10× faster on the same file (load 7–8).
 */
function splitWeightRecords(
  reader: UnigineReader, label: string, offset: number, boneCount: number, counts: Uint8Array, bones: Int16Array, values: Uint16Array,
): number {
  const view = reader.view;
  const vertexCount = counts.length;
  for (let v = 0, w = 0; v < vertexCount; v++) {
    const n = counts[v]!;
    offset++;
    for (let k = 0; k < n; k++, w++, offset += 4) {
      const word = view.getUint32(offset, true);
      const bone = (word << 16) >> 16;
      if (bone < 0 || bone >= boneCount) boneOutOfRange(reader, label, v, bone, boneCount, offset);
      bones[w] = bone;
      values[w] = word >>> 16;
    }
  }
  return offset;
}

// The loops of the skin records are functions of their own, and so are their errors. In one
// function with the code that runs once after them, V8 optimizes the running loop on the stack
// (OSR) before that code has run, and the optimized code is thrown away on reaching it, on every
// call (`node --trace-deopt`: a bailout per call), so the loop runs mostly unoptimized. A message
// built inside the loops, even on a path never taken, makes them several times slower too.

/**
 * The weights of `counts.length` skin records from `offset`, each record's count stored in
 * `counts`, or −(v + 1) for the first record v that starts past the input or has more than
 * MAX_WEIGHTS_PER_VERTEX weights, or for the last record when it ends past the input.
 */
function countWeights(bytes: Uint8Array, offset: number, counts: Uint8Array): number {
  const length = bytes.length;
  const vertexCount = counts.length;
  let total = 0;
  for (let v = 0; v < vertexCount; v++) {
    if (offset >= length) return -(v + 1);
    const n = bytes[offset]!;
    if (n > MAX_WEIGHTS_PER_VERTEX) return -(v + 1);
    counts[v] = n;
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

function readIndices(reader: UnigineReader, width: 1 | 2 | 4, what: string) {
  const count = readCount(reader, width, what);
  return readArrayOrSpan(reader, width === 1 ? Uint8Array : width === 2 ? Uint16Array : Uint32Array, count, what);
}
