import { MeshFormatError } from '../../io/errors.js';
import type { LuaTable, LuaValue } from './lua-constants.js';
import type { TfAniDocument, TfAnimation, TfBlobRange, TfExtraFields, TfMeshDocument } from './tf-document.js';
import { luaTable, writeLuaData } from './write-lua.js';
import { TF_FORMAT_NAME } from './read-tf.js';
import { takeBlobBuffer } from './writer-blob.js';

/** Largest blob the writer makes (offsets are JavaScript array indices). */
const MAX_BLOB_BYTES = 0x7fffffff;

function fail(code: 'BAD_VALUE' | 'BAD_OFFSET', detail: string): never {
  throw new MeshFormatError({ code, format: TF_FORMAT_NAME }, detail);
}

/** The `.msh` text and `.msh.blob` bytes of a document, every array at its document offset. */
export function writeTfMesh(doc: TfMeshDocument): { msh: Uint8Array; blob: Uint8Array } {
  return { msh: writeTfDescriptor(doc), blob: writeTfBlob(doc) };
}

/** The `.msh` text alone (for a blob that already holds the document's layout). */
export function writeTfDescriptor(doc: TfMeshDocument): Uint8Array {
  const fields: [string, LuaValue][] = [];
  if (doc.animations) fields.push(['animations', animationsTable(doc.animations)]);
  if (doc.matConfigs) fields.push(['matConfigs', luaTable(doc.matConfigs.map((config) => luaTable(config)))]);
  fields.push([
    'subMeshes',
    luaTable(doc.subMeshes.map((subMesh) => {
      const entries: [string, LuaValue][] = [[
        'indices',
        luaTable([], subMesh.indices.map((s) => [s.attribute, rangeTable(s, s.numComp, s.extra)])),
      ]];
      if (subMesh.materials) entries.push(['materials', luaTable(subMesh.materials)]);
      return withExtra(entries, subMesh.extra);
    })),
  ]);
  fields.push(['vertexAttr', luaTable([], doc.attributes.map((a) => [a.name, rangeTable(a, a.numComp, a.extra)]))]);
  return writeLuaData(withExtra(fields, doc.extra));
}

/** The `.ani` text. */
export function writeTfAni(doc: TfAniDocument): Uint8Array {
  if (doc.transforms.length !== doc.times.length * 16) fail('BAD_VALUE', `${doc.times.length} times need ${doc.times.length * 16} matrix values, the document has ${doc.transforms.length}`);
  const transfs = Array.from(doc.times, (_, k) => luaTable(Array.from(doc.transforms.subarray(k * 16, k * 16 + 16))));
  return writeLuaData(withExtra([['times', luaTable(Array.from(doc.times))], ['transfs', luaTable(transfs)]], doc.extra));
}

/**
 * The blob: every attribute and index stream at its `offset`, plus the unreferenced bytes the
 * document kept. Arrays may share bytes (writers point several index streams at one array) only
 * where their contents agree.
 */
export function writeTfBlob(doc: TfMeshDocument): Uint8Array {
  const pieces: { path: string; range: TfBlobRange; bytes: Uint8Array }[] = [];
  const add = (path: string, range: TfBlobRange, data: Float32Array | Uint32Array | Uint8Array): void => {
    if (!Number.isSafeInteger(range.offset) || !Number.isSafeInteger(range.count) || range.offset < 0 || range.count < 0) fail('BAD_OFFSET', `${path}: offset ${range.offset} and count ${range.count} must be non-negative integers`);
    if (data.byteLength !== range.count) fail('BAD_VALUE', `${path} holds ${data.byteLength} bytes but its count says ${range.count}`);
    pieces.push({ path, range, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
  };
  for (const a of doc.attributes) {
    if (!Number.isInteger(a.numComp) || a.numComp < 1 || a.data.length % a.numComp !== 0) fail('BAD_VALUE', `vertexAttr.${a.name}: ${a.data.length} values do not make elements of numComp ${a.numComp}`);
    add(`vertexAttr.${a.name}`, a, a.data);
  }
  doc.subMeshes.forEach((s, i) => s.indices.forEach((stream) => add(`subMeshes[${i + 1}].indices.${stream.attribute}`, stream, stream.data)));
  doc.unreferenced.forEach((u, i) => add(`unreferenced bytes ${i + 1}`, { offset: u.offset, count: u.bytes.length }, u.bytes));
  const length = pieces.reduce((end, p) => Math.max(end, p.range.offset + p.range.count), 0);
  if (length > MAX_BLOB_BYTES) fail('BAD_OFFSET', `the arrays reach byte ${length}, beyond the ${MAX_BLOB_BYTES} bytes a blob may have`);
  const inPlace = placedInOneBuffer(pieces, length);
  if (inPlace) return inPlace;
  const blob = new Uint8Array(length);
  pieces.sort((a, b) => a.range.offset - b.range.offset);
  let covered = 0;
  let previous: (typeof pieces)[number] | undefined;
  for (const piece of pieces) {
    const { path, range, bytes } = piece;
    const shared = Math.min(Math.max(covered - range.offset, 0), range.count);
    // The same array at the same place again (index streams sharing one array) agrees with itself.
    const repeated = previous !== undefined && previous.range.offset === range.offset && previous.range.count === range.count
      && previous.bytes.buffer === bytes.buffer && previous.bytes.byteOffset === bytes.byteOffset;
    if (!repeated) {
      for (let i = 0; i < shared; i++) {
        if (blob[range.offset + i] !== bytes[i]) fail('BAD_OFFSET', `${path} overlaps another array at byte ${range.offset + i} with different contents`);
      }
    }
    previous = piece;
    blob.set(bytes.subarray(shared), range.offset + shared);
    covered = Math.max(covered, range.offset + range.count);
  }
  return blob;
}

/**
 * The blob itself when every array is already a view of one buffer at its own offset, those
 * arrays cover every byte up to `length`, and the buffer is one assetToTf offered (writer-blob.ts):
 * the bytes are then what the copy below would give, arrays sharing bytes agree by construction,
 * and nothing is copied. Else undefined.
 */
function placedInOneBuffer(pieces: { range: TfBlobRange; bytes: Uint8Array }[], length: number): Uint8Array | undefined {
  const buffer = pieces[0]?.bytes.buffer;
  // Exactly the blob's length: a larger buffer (a stream laid out, then replaced by an equal
  // earlier one) would hand out its unused tail with the blob's `.buffer`.
  if (!buffer || buffer.byteLength !== length) return undefined;
  const ends: [number, number][] = [];
  for (const { range, bytes } of pieces) {
    if (bytes.buffer !== buffer || bytes.byteOffset !== range.offset) return undefined;
    ends.push([range.offset, range.offset + range.count]);
  }
  // Every byte below `length` belongs to an array (no gap the copy would have left as zeros).
  ends.sort((a, b) => a[0] - b[0]);
  let covered = 0;
  for (const [start, end] of ends) {
    if (start > covered) return undefined;
    covered = Math.max(covered, end);
  }
  return takeBlobBuffer(buffer) ? new Uint8Array(buffer, 0, length) : undefined;
}

function rangeTable(range: TfBlobRange, numComp: number | undefined, extra: TfExtraFields): LuaTable {
  const fields: [string, LuaValue][] = [['count', range.count]];
  if (numComp !== undefined) fields.push(['numComp', numComp]);
  fields.push(['offset', range.offset]);
  return withExtra(fields, extra);
}

function animationsTable(animations: TfAnimation[]): LuaTable {
  const items: LuaValue[] = [];
  const fields: [string | number, LuaValue][] = [];
  for (const animation of animations) {
    const value = animation.type === 'KEYFRAME'
      ? luaTable([], [
        ['type', 'KEYFRAME'],
        ['params', luaTable([], [
          ['origin', luaTable(animation.origin)],
          ['keyframes', luaTable(animation.keyframes.map((k) => luaTable([], [['time', k.time], ['rot', luaTable(k.rot)], ['transl', luaTable(k.transl)]])))],
        ])],
      ])
      : animation.table;
    if (typeof animation.name === 'number') items.push(value);
    else fields.push([animation.name, value]);
  }
  return luaTable(items, fields);
}

function withExtra(fields: [string | number, LuaValue][], extra: TfExtraFields): LuaTable {
  return luaTable([], [...fields, ...extra]);
}
