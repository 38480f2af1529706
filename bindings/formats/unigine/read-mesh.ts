import { attachFileOffsets } from '../../io/file-offsets.js';
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
import { StagedSurface, StagedTarget, type StagedSkin, type StoredSpan } from './stored-arrays.js';
import { countWeights, MAX_WEIGHTS_PER_VERTEX, splitWeightRecords } from './skin-records.js';

export { MAX_WEIGHTS_PER_VERTEX } from './skin-records.js';

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
  return attachFileOffsets(doc, reader.fileOffsets);
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
  // A loop, not map() with a closure: this runs once per surface.
  const targets: UnigineMorphTarget[] = [];
  for (let t = 0; t < header.targetNames.length; t++) {
    const name = header.targetNames[t]!;
    const vertexCount = readCount(reader, 12, `${label} target ${t} vertex`);
    const vertices = readArrayOrSpan(reader, Float32Array, vertexCount * 3, `${label} target ${t} vertices`);
    const tangentCount = readCount(reader, 8, `${label} target ${t} tangent`);
    const tangents = readArrayOrSpan(reader, Int16Array, tangentCount * 4, `${label} target ${t} tangents`);
    if (t === 0) [coordinateVertices, triangleVertices] = [vertexCount, tangentCount];
    targets.push(reader.staged
      ? new StagedTarget(name, vertices as StoredSpan, tangents as StoredSpan, reader.fileOffsets)
      : { name, vertices: vertices as Float32Array, tangents: tangents as Int16Array });
  }
  const weights = readWeights(reader, label, boneCount);
  const uv0 = readArrayOrSpan(reader, Float32Array, readCount(reader, 8, `${label} UV0`) * 2, `${label} UV0`);
  const uv1 = readArrayOrSpan(reader, Float32Array, readCount(reader, 8, `${label} UV1`) * 2, `${label} UV1`);
  const colors = readArrayOrSpan(reader, Uint8Array, readCount(reader, 4, `${label} color`) * 4, `${label} colors`);
  const cindices = readIndices(reader, storedIndexWidth(coordinateVertices), `${label} cindices`);
  const tindices = readIndices(reader, storedIndexWidth(triangleVertices), `${label} tindices`);
  const fields = { name: header.name, bounds: header.bounds, targets };
  if ('records' in weights) {
    return new StagedSurface(fields, weights as StagedSkin, { uv0, uv1, colors, cindices, tindices } as Record<'uv0' | 'uv1' | 'colors' | 'cindices' | 'tindices', StoredSpan>, reader.fileOffsets);
  }
  return { ...fields, ...weights, uv0, uv1, colors, cindices, tindices } as UnigineSurface;
}

function readWeights(reader: UnigineReader, label: string, boneCount: number) {
  const vertexCount = readCount(reader, 1, `${label} weight`);
  const start = reader.offset;
  const weightCounts = new Uint8Array(vertexCount);
  const total = countWeights(reader.bytes, start, weightCounts, boneCount, reader.kernels?.raw);
  if (total < 0) badWeightRecord(reader, label, start, -total - 1, boneCount);
  const end = recordsEnd(start, weightCounts, total);
  if (reader.staged) {
    // Split later, straight into the workspace (StagedSurface): the records stay in the file.
    reader.offset = end;
    return { weightCounts, records: { ctor: Uint8Array, bytes: reader.bytes.subarray(start, end), fileOffset: start } satisfies StoredSpan, total };
  }
  const weightBones = new Int16Array(total);
  const weightValues = new Uint16Array(total);
  reader.offset = splitWeightRecords(reader.view, start, weightCounts, weightBones, weightValues);
  return { weightCounts, weightBones, weightValues };
}

/** The offset after skin records of `counts` holding `total` weights from `start`. */
function recordsEnd(start: number, counts: Uint8Array, total: number): number {
  return start + counts.length + 4 * total;
}

/** The error of skin record `vertex` (countWeights found it bad): cut off, too many weights, or a bone outside the skeleton. */
function badWeightRecord(reader: UnigineReader, label: string, offset: number, vertex: number, boneCount: number): never {
  const bytes = reader.bytes;
  for (let v = 0; v < vertex; v++) offset += 1 + 4 * bytes[offset]!;
  if (offset >= bytes.length) weightsCutOff(reader, label, vertex, offset);
  const n = bytes[offset]!;
  if (n > MAX_WEIGHTS_PER_VERTEX) tooManyWeights(reader, label, vertex, n, offset);
  if (offset + 1 + 4 * n > bytes.length) weightsCutOff(reader, label, vertex, offset + 1 + 4 * n);
  for (let k = 0, at = offset + 1; k < n; k++, at += 4) {
    const bone = reader.view.getInt16(at, true);
    if (bone < 0 || bone >= boneCount) boneOutOfRange(reader, label, vertex, bone, boneCount, at);
  }
  throw new Error(`meshcodec: skin record ${vertex} was found bad but is not`);
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
