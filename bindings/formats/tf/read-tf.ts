import { MeshFormatError, type MeshFormatErrorCode } from '../../io/errors.js';
import { MemoryBudget } from '../../io/memory-budget.js';
import { evaluateLuaData, isLuaTable, tablePosition, type LuaPosition, type LuaTable, type LuaValue } from './lua-constants.js';
import type {
  TfAniDocument, TfAnimation, TfBlobRange, TfExtraFields, TfIndexStream, TfKeyframe, TfMeshDocument, TfSubMesh, TfUnreferencedBytes, TfVertexAttribute,
} from './tf-document.js';

export const TF_FORMAT_NAME = 'tf';

/** File names used in messages about a pair. */
export interface TfPairNames {
  msh: string;
  blob: string;
}

/**
 * Where a problem is: a position, or the table whose constructor's position to give (looked up
 * only when there is an error, so that a good descriptor's tables are never placed).
 */
type Where = LuaPosition | LuaTable;

function fail(code: MeshFormatErrorCode, where: Where, detail: string): never {
  const at = 'line' in where ? where : tablePosition(where);
  throw new MeshFormatError({ code, format: TF_FORMAT_NAME, line: at.line, column: at.column }, detail);
}

/**
 * The table a submesh was read from, for errors found after reading (to-asset.ts), as a
 * property no enumeration or comparison sees. Not a global WeakMap (the removed io/provenance.ts): an entry per
 * submesh (a young object) made each young-generation GC of many small parses slow; on the
 * speed bar's 30 KB TF door that GC was about a third of the parse.
 */
const SUBMESH_TABLE = Symbol('the table of a TF submesh');

/** The line and column of the table `subMesh` was read from, if it was read. */
export function subMeshPosition(subMesh: TfSubMesh): LuaPosition | undefined {
  const table = (subMesh as { [SUBMESH_TABLE]?: LuaTable })[SUBMESH_TABLE];
  return table && tablePosition(table);
}

/** True when the descriptor's top-level table is an `.ani` (it has `times` or `transfs`). */
export function isAniTable(table: LuaTable): boolean {
  return table.fields.has('times') || table.fields.has('transfs');
}

/**
 * A `.msh` descriptor and its `.msh.blob`. Every array's `offset` and `count` (bytes) is checked
 * against the blob before it is read; a blob too short for one is a MeshFormatError naming both files.
 */
export function readTfMesh(msh: Uint8Array, blob: Uint8Array, names: TfPairNames = { msh: 'the .msh', blob: 'its .msh.blob' }): TfMeshDocument {
  return tfMeshFromTable(evaluateLuaData(msh), blob, names, msh.length);
}

/** An `.ani` file. */
export function readTfAni(bytes: Uint8Array): TfAniDocument {
  return tfAniFromTable(evaluateLuaData(bytes));
}

/**
 * The document of an evaluated descriptor. Its arrays are copies of blob ranges, which a
 * descriptor may make overlap: together they may take at most the README's memory promise for
 * the two files (`descriptorBytes` + the blob), else BAD_COUNT at the range that passes it.
 * `viewBlob`: aligned ranges are views of `blob` instead (the document then changes with it).
 */
export function tfMeshFromTable(root: LuaTable, blob: Uint8Array, names: TfPairNames, descriptorBytes = 0, viewBlob = false): TfMeshDocument {
  const budget = new MemoryBudget(descriptorBytes + blob.length);
  // Every range is charged, viewed or copied, so that a descriptor is refused the same either way.
  const charge = (t: LuaTable, path: string, range: TfBlobRange): void => {
    if (!budget.take(range.count)) fail('BAD_COUNT', t, `${path}: the arrays of ${names.msh} copy more than ${budget.describe()} out of ${names.blob} (their ranges overlap)`);
  };
  // With `viewBlob`, a range stored 4-byte aligned is a view of the blob, others a copy: for a
  // caller that copies out of the document at once.
  const viewed = (range: TfBlobRange): boolean => viewBlob && (blob.byteOffset + range.offset) % 4 === 0;
  const floats = (t: LuaTable, path: string, range: TfBlobRange): Float32Array => {
    charge(t, path, range);
    return viewed(range) ? new Float32Array(blob.buffer, blob.byteOffset + range.offset, range.count / 4) : new Float32Array(copyBytes(blob, range).buffer);
  };
  const words = (t: LuaTable, path: string, range: TfBlobRange): Uint32Array => {
    charge(t, path, range);
    return viewed(range) ? new Uint32Array(blob.buffer, blob.byteOffset + range.offset, range.count / 4) : new Uint32Array(copyBytes(blob, range).buffer);
  };
  if (isAniTable(root)) fail('BAD_VALUE', root, `${names.msh} is an .ani (it has times/transfs), not a mesh descriptor`);
  noItems(root, 'the returned table');
  const vertexAttr = table(root.fields.get('vertexAttr'), root, 'vertexAttr');
  const subMeshes = list(root.fields.get('subMeshes'), root, 'subMeshes');
  const blobRange = (t: LuaTable, path: string, elementBytes: number): TfBlobRange => {
    const offset = integer(t.fields.get('offset'), t, path, '.offset');
    const count = integer(t.fields.get('count'), t, path, '.count');
    if (count % elementBytes !== 0) fail('BAD_VALUE', t, `${path}.count is ${count} bytes, not a whole number of ${elementBytes}-byte elements`);
    if (offset + count > blob.length) {
      fail('TRUNCATED', t, `${path} in ${names.msh} needs bytes ${offset}..${offset + count} of ${names.blob}, which has ${blob.length} bytes`);
    }
    return { offset, count };
  };
  const attributes: TfVertexAttribute[] = [];
  // Index streams over the same bytes (writers often point every attribute at one array) share one copy.
  const streamCopies = new Map<number | string, Uint32Array>();
  // A number for a blob under 64 MiB (offset and count at most its length, so the key is exact): a string key per stream was 1 % of a 30 KB parse.
  const keyed = blob.length < 0x4000000;
  const streamData = (t: LuaTable, path: string, range: TfBlobRange): Uint32Array => {
    const key = keyed ? range.offset * (blob.length + 1) + range.count : `${range.offset}:${range.count}`;
    let data = streamCopies.get(key);
    if (!data) streamCopies.set(key, (data = words(t, path, range)));
    return data;
  };
  noItems(vertexAttr, 'vertexAttr');
  for (const [name, value] of vertexAttr.fields) {
    const path = `vertexAttr.${name}`;
    if (typeof name !== 'string') fail('BAD_VALUE', vertexAttr, `vertexAttr keys must be attribute names, not [${name}]`);
    const entry = table(value, vertexAttr, path);
    const numComp = integer(entry.fields.get('numComp'), entry, path, '.numComp');
    if (numComp < 1) fail('BAD_VALUE', entry, `${path}.numComp must be at least 1`);
    const range = blobRange(entry, path, 4 * numComp);
    attributes.push({ name, numComp, offset: range.offset, count: range.count, data: floats(entry, path, range), extra: extraFields(entry, ['count', 'numComp', 'offset']) });
  }
  const subMeshList: TfSubMesh[] = subMeshes.map((value, s) => {
    const path = `subMeshes[${s + 1}]`;
    const entry = table(value, root, path);
    noItems(entry, path);
    const indicesTable = table(entry.fields.get('indices'), entry, path, '.indices');
    noItems(indicesTable, path, '.indices');
    const indices: TfIndexStream[] = [];
    for (const [attribute, streamValue] of indicesTable.fields) {
      const streamPath = `${path}.indices.${attribute}`;
      if (typeof attribute !== 'string') fail('BAD_VALUE', indicesTable, `${path}.indices keys must be attribute names, not [${attribute}]`);
      const stream = table(streamValue, indicesTable, streamPath);
      const range = blobRange(stream, streamPath, 4);
      const numComp = stream.fields.get('numComp');
      const result: TfIndexStream = { attribute, offset: range.offset, count: range.count, data: streamData(stream, streamPath, range), extra: extraFields(stream, ['count', 'numComp', 'offset']) };
      if (numComp !== undefined) result.numComp = integer(numComp, stream, streamPath, '.numComp');
      indices.push(result);
    }
    const subMesh: TfSubMesh = { indices, extra: extraFields(entry, ['indices', 'materials']) };
    const materials = entry.fields.get('materials');
    if (materials !== undefined) {
      subMesh.materials = list(materials, entry, `${path}.materials`).map((m, i) => {
        if (typeof m !== 'string') fail('BAD_VALUE', entry, `${path}.materials[${i + 1}] must be a string`);
        return m;
      });
    }
    Object.defineProperty(subMesh, SUBMESH_TABLE, { value: entry });
    return subMesh;
  });
  const document: TfMeshDocument = {
    kind: 'msh',
    attributes,
    subMeshes: subMeshList,
    extra: extraFields(root, ['vertexAttr', 'subMeshes', 'matConfigs', 'animations']),
    unreferenced: unreferencedBytes(blob, attributes, subMeshList),
  };
  const matConfigs = root.fields.get('matConfigs');
  if (matConfigs !== undefined) {
    document.matConfigs = list(matConfigs, root, 'matConfigs').map((config, c) =>
      list(config, root, `matConfigs[${c + 1}]`).map((m, s) => integer(m, root, `matConfigs[${c + 1}][${s + 1}]`)));
  }
  const animations = root.fields.get('animations');
  if (animations !== undefined) document.animations = readAnimations(table(animations, root, 'animations'));
  return document;
}

export function tfAniFromTable(root: LuaTable): TfAniDocument {
  noItems(root, 'the returned table');
  const times = list(root.fields.get('times'), root, 'times');
  const transfs = list(root.fields.get('transfs'), root, 'transfs');
  if (times.length !== transfs.length) fail('BAD_COUNT', root, `${times.length} times but ${transfs.length} transfs`);
  const document: TfAniDocument = {
    kind: 'ani',
    times: Float64Array.from(times, (t, i) => (typeof t === 'number' ? t : number(t, root, `times[${i + 1}]`))),
    transforms: new Float64Array(transfs.length * 16),
    extra: extraFields(root, ['times', 'transfs']),
  };
  transfs.forEach((value, k) => {
    const path = (): string => `transfs[${k + 1}]`;
    const matrix = table(value, root, path);
    if (matrix.items.length !== 16 || matrix.fields.size) fail('BAD_COUNT', matrix, `${path()} must hold 16 numbers (a column-major 4×4 matrix)`);
    matrix.items.forEach((v, i) => (document.transforms[k * 16 + i] = typeof v === 'number' ? v : number(v, matrix, `${path()}[${i + 1}]`)));
  });
  return document;
}

function readAnimations(animations: LuaTable): TfAnimation[] {
  const result: TfAnimation[] = [];
  const entries: [string | number, LuaValue][] = [...animations.items.map((v, i): [number, LuaValue] => [i + 1, v]), ...animations.fields];
  for (const key of animations.fields.keys()) {
    if (typeof key === 'number') fail('BAD_VALUE', animations, `animation keys must be names (or none), not [${key}]`);
  }
  for (const [key, value] of entries) {
    result.push(keyframeAnimation(key, value) ?? { name: key, type: 'other', table: value });
  }
  return result;
}

/** The KEYFRAME animation `value` holds, when it has exactly the documented fields; else undefined. */
function keyframeAnimation(name: string | number, value: LuaValue): TfAnimation | undefined {
  if (!exactly(value, ['type', 'params']) || value.fields.get('type') !== 'KEYFRAME') return undefined;
  const params = value.fields.get('params');
  if (!exactly(params, ['origin', 'keyframes'])) return undefined;
  const origin = vector3(params.fields.get('origin'));
  const list = params.fields.get('keyframes');
  if (!origin || !isLuaTable(list) || list.fields.size) return undefined;
  const keyframes: TfKeyframe[] = [];
  for (const k of list.items) {
    if (!exactly(k, ['time', 'rot', 'transl'])) return undefined;
    const time = k.fields.get('time');
    const rot = vector3(k.fields.get('rot'));
    const transl = vector3(k.fields.get('transl'));
    if (typeof time !== 'number' || !rot || !transl) return undefined;
    keyframes.push({ time, rot, transl });
  }
  return { name, type: 'KEYFRAME', origin, keyframes };
}

function exactly(value: LuaValue | undefined, keys: string[]): value is LuaTable {
  return isLuaTable(value) && value.items.length === 0 && value.fields.size === keys.length && keys.every((k) => value.fields.has(k));
}

function vector3(value: LuaValue | undefined): [number, number, number] | undefined {
  if (!isLuaTable(value) || value.fields.size || value.items.length !== 3 || !value.items.every((v) => typeof v === 'number')) return undefined;
  return value.items as [number, number, number];
}

function extraFields(t: LuaTable, known: string[]): TfExtraFields {
  const extra: TfExtraFields = new Map();
  // Keys first, a value fetched only for a key kept (no entry pair per field: 0.1 µs a descriptor entry).
  for (const key of t.fields.keys()) if (!known.includes(key as string)) extra.set(key, t.fields.get(key)!);
  return extra;
}

// `path` + `suffix` names the value in a message: joined only when there is one (a string made per
// field checked was 2–3 % of a 30 KB parse).

function noItems(t: LuaTable, path: string, suffix = ''): void {
  if (t.items.length) fail('BAD_VALUE', t, `${path}${suffix} has ${t.items.length} positional values where only named fields belong`);
}

function table(value: LuaValue | undefined, at: Where, path: string | (() => string), suffix = ''): LuaTable {
  if (!isLuaTable(value)) {
    const name = (typeof path === 'string' ? path : path()) + suffix;
    fail('BAD_VALUE', at, value === undefined ? `${name} is missing` : `${name} must be a table`);
  }
  return value;
}

function list(value: LuaValue | undefined, at: Where, path: string): LuaValue[] {
  const t = table(value, at, path);
  if (t.fields.size) fail('BAD_VALUE', t, `${path} must be a list (it has named fields)`);
  return t.items;
}

function number(value: LuaValue | undefined, at: Where, path: string, suffix = ''): number {
  if (typeof value !== 'number') fail('BAD_VALUE', at, value === undefined ? `${path}${suffix} is missing` : `${path}${suffix} must be a number`);
  return value;
}

function integer(value: LuaValue | undefined, at: Where, path: string, suffix = ''): number {
  const n = number(value, at, path, suffix);
  if (!Number.isSafeInteger(n) || n < 0) fail('BAD_VALUE', at, `${path}${suffix} must be a non-negative integer, not ${n}`);
  return n;
}

/** Blob bytes outside every array (the attributes' and the submeshes' index streams), in order. */
function unreferencedBytes(blob: Uint8Array, attributes: TfBlobRange[], subMeshes: TfSubMesh[]): TfUnreferencedBytes[] {
  // One array of the ranges, made by loops (spreads and flatMap were 3 % of a 30 KB parse).
  const sorted: TfBlobRange[] = [];
  for (const a of attributes) if (a.count > 0) sorted.push(a);
  for (const s of subMeshes) for (const i of s.indices) if (i.count > 0) sorted.push(i);
  sortByOffset(sorted);
  const result: TfUnreferencedBytes[] = [];
  let covered = 0;
  for (const r of sorted) {
    if (r.offset > covered) result.push({ offset: covered, bytes: copyBytes(blob, { offset: covered, count: r.offset - covered }) });
    covered = Math.max(covered, r.offset + r.count);
  }
  if (covered < blob.length) result.push({ offset: covered, bytes: copyBytes(blob, { offset: covered, count: blob.length - covered }) });
  return result;
}

/**
 * `ranges` in order of offset, equal offsets kept in their order (as Array#sort with a comparator
 * has them): by insertion for the few ranges a descriptor has (the built-in sort's comparator
 * calls were 7 % of reading the speed bar's door document), by Array#sort past 16.
 */
function sortByOffset(ranges: TfBlobRange[]): void {
  if (ranges.length > 16) {
    ranges.sort((a, b) => a.offset - b.offset);
    return;
  }
  for (let i = 1; i < ranges.length; i++) {
    const r = ranges[i]!;
    let j = i - 1;
    while (j >= 0 && ranges[j]!.offset > r.offset) {
      ranges[j + 1] = ranges[j]!;
      j--;
    }
    ranges[j + 1] = r;
  }
}

/** A copy of a blob range in its own buffer (aligned for typed arrays; a Node Buffer's slice would share memory). */
function copyBytes(blob: Uint8Array, range: TfBlobRange): Uint8Array {
  return new Uint8Array(blob.subarray(range.offset, range.offset + range.count));
}
