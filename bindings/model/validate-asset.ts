// The writer gate: every field any writer reads is checked for its shape before a writer runs, so
// that a hand-built Asset is refused with the path at fault instead of failing inside a writer.
//
// Alternatives measured (an 11.1 MB tube Asset, wasm-simd, one interleaved run on a shared
// 2-core machine; bench/validate-asset.bench.ts):
// - scanning every vertex array for non-finite values here: 2.0 ms, 14 % of a UNIGINE encode
//   (14.8 ms) and 5 % of a GLB encode (40.6 ms), and it would refuse what the glTF writer repairs
//   with a warning; so vertex values are left to the writers, and only their types and lengths
//   are checked here (the whole check: 0.5 ms, 0.01–0.8 % of an encode);
// - animation values (bind pose, key times and key values) are scanned: no writer can repair
//   them, they are small next to vertex data, and one multiply-accumulate loop per array finds a
//   non-finite value (x · 0 is NaN only for NaN and ±inf) before a second loop names it;
// - one pass without closures, entry lists or path strings per element (paths built only for a
//   failure), key times shared among tracks scanned once, and key values lying end to end in one
//   buffer scanned as one run by the firstNonFiniteF32 kernel (keyValuesFinite), against the
//   forEach version (364d481), interleaved on a shared 2-core machine, default backend:
//   the speed bar's 1 MB Assets as each reader makes them, IQM 54.8 → 30.0 µs, GLB and glTF
//   43 → 30, UNIGINE 66.4 → 63.5, apg 46.1 → 44.4, TF 6.0 → 5.8, MS2 13.9 → 13.8; the 30 kB
//   doors 0.5 → 0.4; editor_viewcube.mesh (26 meshes) 8.0 → 5.1; a 10 MB tube 194 → 189 (its
//   index and joint scans); every error's code, path and message as before
//   (test/validate-asset-errors.test.ts);
// - key values in a block per channel kind (UNIGINE's Assets: every track's translations end to
//   end, then its rotations, then its scales) scanned as three runs, one kernel call each
//   (keyLayout BY_KIND), and key times lying within times already checked not scanned again
//   (CheckedTimes: UNIGINE gives the tracks keyed to the last frame, and one-key tracks, views of
//   one times array, a new view per track). Following one run only, broken at every channel, had
//   measured slower (65 → 73–80 µs). On the speed bar's UNIGINE Asset (mrfixit ×9: 75 tracks,
//   runs of 25,233, 33,644 and 25,233 floats; times 48 whole views, 7 one-key views, 20 arrays of
//   their own), interleaved with 8579035 on a shared 2-core machine at load 4–7: validateAsset
//   65–67 → 38–40 µs on wasm-simd, 65.9 → 40.3 timed right after an encode of the Asset; its
//   animation 53 → 25 (the three kernel calls 8.2 µs, following the 225 arrays 5.6 µs, 4.9 of it
//   their buffer getters; the times check 6–7 µs less); on wasm-scalar and js 52 → 49 (the runs
//   scanned by firstNonFinite, see runFinite). The UNIGINE encode of that input, before ÷ after,
//   ABBA-interleaved, 12 s a run: 1.10, 1.12, 1.12, 1.15, 1.09, 1.00 (quartiles 0.64–1.70), where
//   main against a copy of itself gave 0.99–1.04 (26 µs of a 650 µs encode would be 1.04);
//   bench/encode-before-after.bench.mts 1.09, 1.09, 1.02, 1.01, 0.93, the same bytes. The other
//   readers' Assets within noise (IQM 29–30 → 29–31 µs, GLB and glTF 30–32, apg 44–45, TF 5.7 →
//   5.8, MS2 14.0 → 13.9; the 11.1 MB tube of bench/validate-asset.bench.ts 168.6 → 168.4 on
//   wasm-simd, 846 → 844 on js). Errors as before: test/validate-unigine-layout.test.ts puts a
//   value not finite, or times out of order, at every kind of position of such Assets (hand-built,
//   two corpus .anim files, mrfixit written to UNIGINE) and gets the outcome of the same Asset with
//   every array in a buffer of its own, which is checked track by track, on every backend.
import { MeshFormatError, type MeshFormatErrorCode } from '../io/errors.js';
import type { Asset, IndexArray, Mesh } from './asset.js';
import type { Kernels } from '../kernels/kernels.js';
import { getKernels } from '../kernels/backend.js';

/** What Asset errors name as their format: the data is an Asset in memory, not a file. */
export const ASSET_FORMAT = 'asset';

/**
 * Joint numbers a track may name when the Asset has no skeleton: below this, or below the number
 * of tracks in the Asset. Writers make one pose or node per number up to the largest, so the
 * bound keeps that work to what the Asset holds (a reader without a skeleton numbers its tracks
 * from 0).
 */
export const MIN_UNNAMED_JOINTS = 256;

function fail(code: MeshFormatErrorCode, path: string, detail: string): never {
  throw new MeshFormatError({ code, format: ASSET_FORMAT, path }, detail);
}

/** The narrowest index array type that holds indices into `vertexCount` vertices. */
export function indexArrayFor(vertexCount: number, length: number): IndexArray {
  return vertexCount <= 0x100 ? new Uint8Array(length) : vertexCount <= 0x10000 ? new Uint16Array(length) : new Uint32Array(length);
}

/**
 * Indices in the narrowest array for `vertexCount` vertices, refusing any index that does not
 * point at a vertex (never a silent wrap into a narrow type).
 */
export function toIndexArray(indices: ArrayLike<number>, vertexCount: number): IndexArray {
  const out = indexArrayFor(vertexCount, indices.length);
  for (let i = 0; i < indices.length; i++) {
    const index = indices[i]!;
    if (!Number.isInteger(index) || index < 0 || index >= vertexCount) fail('BAD_INDEX', `indices[${i}]`, `index ${index} does not point at one of the ${vertexCount} vertices`);
    out[i] = index;
  }
  return out;
}

// ---- shapes -------------------------------------------------------------------------------

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `a ${typeof value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

function record(value: unknown, path: string, what: string): Record<string, unknown> {
  if (!isRecord(value)) fail('BAD_VALUE', path, `${what} must be an object, not ${describe(value)}`);
  return value;
}

function array(value: unknown, path: string, what: string): unknown[] {
  if (!Array.isArray(value)) fail('BAD_VALUE', path, `${what} must be an array, not ${describe(value)}`);
  return value;
}

function string(value: unknown, path: string, what: string): void {
  if (typeof value !== 'string') fail('BAD_VALUE', path, `${what} must be a string, not ${describe(value)}`);
}

function optionalString(value: unknown, path: string, what: string): void {
  if (value !== undefined) string(value, path, what);
}

function float32(value: unknown, path: string, what: string): Float32Array {
  if (!(value instanceof Float32Array)) fail('BAD_VALUE', path, `${what} must be a Float32Array, not ${describe(value)}`);
  return value;
}

function length(values: ArrayLike<number>, expected: number, path: string, count: number, unit: string, components: number): void {
  if (values.length !== expected) fail('BAD_COUNT', path, `${values.length} values for ${count} ${unit} of ${components} component${components === 1 ? '' : 's'}`);
}

/** The index of the first value that is NaN or infinite, or −1: one multiply-add loop, then a search only when it found one. */
export function firstNonFinite(values: ArrayLike<number>): number {
  // Four sums, so that each addition waits for the one four values back, not the one before: one
  // sum was a chain of dependent additions (checkTrack 11 % of the 1 MB UNIGINE encode); over
  // mrfixit's 75 tracks, 76 → 32 µs (median, both forms interleaved in one process).
  let p0 = 0, p1 = 0, p2 = 0, p3 = 0;
  const n = values.length;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    p0 += values[i]! * 0;
    p1 += values[i + 1]! * 0;
    p2 += values[i + 2]! * 0;
    p3 += values[i + 3]! * 0;
  }
  for (; i < n; i++) p0 += values[i]! * 0;
  const probe = p0 + p1 + p2 + p3;
  if (probe === 0) return -1;
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i]!)) return i;
  return -1;
}

function finite(values: ArrayLike<number>, path: string, what: string): void {
  const i = firstNonFinite(values);
  if (i >= 0) fail('BAD_VALUE', `${path}[${i}]`, `${what} ${values[i]} is not finite`);
}

/** A bind pose tuple: an array (or Float32Array/Float64Array) of `size` numbers finite as float32. */
function tuple(value: unknown, size: number, path: string, what: string): void {
  const ok = Array.isArray(value) || value instanceof Float32Array || value instanceof Float64Array;
  if (!ok) fail('BAD_VALUE', path, `${what} must be an array of ${size} numbers, not ${describe(value)}`);
  const values = value as ArrayLike<unknown>;
  if (values.length !== size) fail('BAD_COUNT', path, `${what} has ${values.length} numbers, not ${size}`);
  for (let i = 0; i < size; i++) {
    const v = values[i];
    if (typeof v !== 'number') fail('BAD_VALUE', `${path}[${i}]`, `${what} holds ${describe(v)}, not a number`);
    // Every format stores the bind pose as float32: 1e308 is finite here and infinite there.
    if (!Number.isFinite(Math.fround(v))) fail('BAD_VALUE', `${path}[${i}]`, `${what} value ${v} is not finite${Number.isFinite(v) ? ' as a float32' : ''}`);
  }
}

// ---- meshes -------------------------------------------------------------------------------
//
// One pass with no closure, entry list or path string made per element: each check tests the
// value first and builds its path (`meshes[m].attributes.normals`) only to name a failure.

/**
 * Whether index `i` of `list` is a hole (forEach, as this gate used, skips holes). Only UV sets
 * (a missing set, which the writers close up) and warnings may have them: a hole in the meshes,
 * materials, morph targets, joints, animations or tracks is refused as the undefined it reads as
 * (writers index those lists, and every one but a few threw a TypeError on it: test/review7-asset-holes.test.ts).
 */
function hole(list: unknown[], i: number): boolean {
  return list[i] === undefined && !(i in list);
}

function meshAt(m: number): string {
  return `meshes[${m}]`;
}

function checkIndices(value: unknown, vertexCount: number, m: number, kernels: Kernels): void {
  if (!(value instanceof Uint8Array || value instanceof Uint16Array || value instanceof Uint32Array)) {
    fail('BAD_VALUE', `${meshAt(m)}.indices`, `indices must be a Uint8Array, Uint16Array or Uint32Array, not ${describe(value)}`);
  }
  const indices: IndexArray = value;
  if (indices.length % 3 !== 0) fail('BAD_COUNT', `${meshAt(m)}.indices`, `${indices.length} indices do not make whole triangles`);
  const limit = indices instanceof Uint8Array ? 0x100 : indices instanceof Uint16Array ? 0x10000 : Infinity;
  if (vertexCount > limit) {
    fail('BAD_VALUE', `${meshAt(m)}.indices`, `a ${indices.constructor.name} cannot index ${vertexCount} vertices (indices past ${limit - 1} would have wrapped); use a wider array`);
  }
  if (indices.length === 0) return;
  // The scan runs as a kernel; only a failing array is searched for its first bad index.
  if (kernels.maxIndex(indices) < vertexCount) return;
  let i = 0;
  while (indices[i]! < vertexCount) i++;
  fail('BAD_INDEX', `${meshAt(m)}.indices[${i}]`, `index ${indices[i]} does not point at one of the ${vertexCount} vertices`);
}

/** Every joint number (weighted or not: the UNIGINE writer stores slots up to the last one used) points at a joint of the skeleton. */
function checkSkinJoints(joints: Uint16Array, jointCount: number, m: number, kernels: Kernels): void {
  if (jointCount === 0 || joints.length === 0 || kernels.maxIndex(joints) < jointCount) return;
  let i = 0;
  while (joints[i]! < jointCount) i++;
  fail('BAD_INDEX', `${meshAt(m)}.attributes.joints[${i}]`, `joint ${joints[i]} is not one of the skeleton's ${jointCount} joints`);
}

/** A per-vertex attribute (`name` of the mesh's attributes): absent, or a Float32Array of `components` values a vertex. */
function checkPerVertex(values: unknown, name: string, components: number, vertexCount: number, m: number): void {
  if (values === undefined) return;
  const array = values instanceof Float32Array ? values : float32(values, `${meshAt(m)}.attributes.${name}`, name);
  if (array.length !== vertexCount * components) length(array, vertexCount * components, `${meshAt(m)}.attributes.${name}`, vertexCount, 'vertices', components);
}

function checkMesh(value: unknown, m: number, jointCount: number, kernels: Kernels): void {
  if (!isRecord(value)) record(value, meshAt(m), 'a mesh');
  const mesh = value as Partial<Mesh> & Record<string, unknown>;
  if (typeof mesh.name !== 'string') string(mesh.name, `${meshAt(m)}.name`, 'a mesh name');
  if (mesh.material !== undefined && typeof mesh.material !== 'string') string(mesh.material, `${meshAt(m)}.material`, 'a material name');
  if (!isRecord(mesh.attributes)) record(mesh.attributes, `${meshAt(m)}.attributes`, 'mesh attributes');
  const attributes = mesh.attributes as unknown as Record<string, unknown>;
  const positions = attributes.positions instanceof Float32Array ? attributes.positions : float32(attributes.positions, `${meshAt(m)}.attributes.positions`, 'positions');
  if (positions.length % 3 !== 0) fail('BAD_COUNT', `${meshAt(m)}.attributes.positions`, `${positions.length} position values are not whole xyz vertices`);
  const vertexCount = positions.length / 3;
  checkPerVertex(attributes.normals, 'normals', 3, vertexCount, m);
  checkPerVertex(attributes.tangents, 'tangents', 4, vertexCount, m);
  checkPerVertex(attributes.colors, 'colors', 4, vertexCount, m);
  checkPerVertex(attributes.weights, 'weights', 4, vertexCount, m);
  const joints = attributes.joints;
  if (joints !== undefined) {
    if (!(joints instanceof Uint16Array)) fail('BAD_VALUE', `${meshAt(m)}.attributes.joints`, `joints must be a Uint16Array, not ${describe(joints)}`);
    if (joints.length !== vertexCount * 4) length(joints, vertexCount * 4, `${meshAt(m)}.attributes.joints`, vertexCount, 'vertices', 4);
    checkSkinJoints(joints, jointCount, m, kernels);
  }
  if (attributes.uvs !== undefined) {
    const uvs = Array.isArray(attributes.uvs) ? (attributes.uvs as unknown[]) : array(attributes.uvs, `${meshAt(m)}.attributes.uvs`, 'uvs');
    for (let set = 0, n = uvs.length; set < n; set++) {
      const uv = uvs[set];
      if (uv instanceof Float32Array && uv.length === vertexCount * 2) continue;
      if (hole(uvs, set)) continue;
      const path = `${meshAt(m)}.attributes.uvs[${set}]`;
      length(float32(uv, path, 'a UV set'), vertexCount * 2, path, vertexCount, 'vertices', 2);
    }
  }
  if (mesh.extras !== undefined) checkExtras(mesh.extras, vertexCount, m);
  if (mesh.targets !== undefined) checkTargets(mesh.targets, vertexCount, m);
  checkIndices(mesh.indices, vertexCount, m, kernels);
}

function checkExtras(value: unknown, vertexCount: number, m: number): void {
  const extras = record(value, `${meshAt(m)}.extras`, 'extras');
  // Object.keys: the own enumerable string keys, in the order Object.entries gave them.
  for (const name of Object.keys(extras)) {
    const extraValue = extras[name];
    const path = `${meshAt(m)}.extras.${name}`;
    const extra = record(extraValue, path, 'an extra attribute');
    const { components } = extra;
    if (!(typeof components === 'number' && Number.isInteger(components) && components >= 1 && components <= 0xffff)) {
      fail('BAD_VALUE', `${path}.components`, `components must be a whole number from 1 to 65535, not ${describe(components)}`);
    }
    length(float32(extra.data, `${path}.data`, 'extra data'), vertexCount * components, `${path}.data`, vertexCount, 'vertices', components);
  }
}

function checkTargets(value: unknown, vertexCount: number, m: number): void {
  const targets = array(value, `${meshAt(m)}.targets`, 'targets');
  for (let t = 0, n = targets.length; t < n; t++) {
    const path = `${meshAt(m)}.targets[${t}]`;
    const target = record(targets[t], path, 'a morph target');
    string(target.name, `${path}.name`, 'a morph target name');
    length(float32(target.positions, `${path}.positions`, 'target positions'), vertexCount * 3, `${path}.positions`, vertexCount, 'vertices', 3);
    if (target.normals !== undefined) length(float32(target.normals, `${path}.normals`, 'target normals'), vertexCount * 3, `${path}.normals`, vertexCount, 'vertices', 3);
  }
}

// ---- materials ------------------------------------------------------------------------------

function checkMaterials(value: unknown): void {
  if (value === undefined) return;
  const materials = array(value, 'materials', 'materials');
  const names = new Set<string>();
  for (let m = 0, n = materials.length; m < n; m++) {
    const at = `materials[${m}]`;
    const material = record(materials[m], at, 'a material');
    string(material.name, `${at}.name`, 'a material name');
    if (names.has(material.name as string)) fail('BAD_VALUE', `${at}.name`, `material name ${JSON.stringify(material.name)} is listed twice (meshes refer to materials by name)`);
    names.add(material.name as string);
    if (material.baseColorTexture === undefined) continue;
    const path = `${at}.baseColorTexture`;
    const image = record(material.baseColorTexture, path, 'a texture image');
    string(image.uri, `${path}.uri`, 'an image uri');
    optionalString(image.mimeType, `${path}.mimeType`, 'a MIME type');
    if (image.bytes !== undefined && !(image.bytes instanceof Uint8Array)) fail('BAD_VALUE', `${path}.bytes`, `image bytes must be a Uint8Array, not ${describe(image.bytes)}`);
  }
}

// ---- skeleton and animations ----------------------------------------------------------------

function jointAt(j: number): string {
  return `skeleton.joints[${j}]`;
}

/** Whether `value` is a bind pose tuple of `size` numbers, each finite as a float32 (the common case, tested without a path; tuple() names a failure). */
function isFiniteTuple(value: unknown, size: number): boolean {
  if (!(Array.isArray(value) || value instanceof Float32Array || value instanceof Float64Array)) return false;
  const values = value as ArrayLike<unknown>;
  if (values.length !== size) return false;
  for (let i = 0; i < size; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isFinite(Math.fround(v))) return false;
  }
  return true;
}

function checkSkeleton(value: unknown): number {
  if (value === undefined) return 0;
  const skeleton = record(value, 'skeleton', 'the skeleton');
  const joints = array(skeleton.joints, 'skeleton.joints', 'skeleton joints');
  for (let j = 0, n = joints.length; j < n; j++) {
    const jointValue = joints[j];
    if (!isRecord(jointValue)) record(jointValue, jointAt(j), 'a joint');
    const joint = jointValue as Record<string, unknown>;
    if (typeof joint.name !== 'string') string(joint.name, `${jointAt(j)}.name`, 'a joint name');
    const { parent } = joint;
    if (!(typeof parent === 'number' && Number.isInteger(parent) && parent >= -1 && parent < j)) {
      fail('BAD_INDEX', `${jointAt(j)}.parent`, `parent ${describe(parent)} is not −1 or a joint before this one`);
    }
    if (!isFiniteTuple(joint.translation, 3)) tuple(joint.translation, 3, `${jointAt(j)}.translation`, 'a bind translation');
    if (!isFiniteTuple(joint.rotation, 4)) tuple(joint.rotation, 4, `${jointAt(j)}.rotation`, 'a bind rotation');
    if (!isFiniteTuple(joint.scale, 3)) tuple(joint.scale, 3, `${jointAt(j)}.scale`, 'a bind scale');
  }
  return joints.length;
}

const CHANNELS = [['translation', 3], ['rotation', 4], ['scale', 3]] as const;

/** Runs of key values scanned by one kernel call at most (a bound on what a wasm backend stages at once: 1 MiB). */
const FINITE_RUN_FLOATS = 1 << 18;
/** Below this many floats a run is scanned by firstNonFinite here (a kernel call's fixed cost is about 400 floats' scan). */
const KERNEL_RUN_FLOATS = 2048;

/**
 * Whether every key value (translation, rotation, scale) of an animation's tracks is finite,
 * scanned as runs: arrays that lie end to end in one buffer make one run, scanned by the
 * firstNonFiniteF32 kernel (SIMD on wasm-simd). Two layouts are followed: a block for all of an
 * animation's channels, a track's translation, rotation and scale end to end and the next
 * track's after them (IQM's; one run), and a block per channel kind, each track's translation
 * after the previous track's translation, and so for rotations and scales (UNIGINE's; three runs,
 * followed side by side). Only Float32Array channels are looked at, and nothing is refused here:
 * false sends checkTrack to scan each channel itself, in order, and name the first value at fault.
 * Measured (speed-bar mrfixit ×7, 75 tracks of 101 keys, one run of 75,750 floats, wasm-simd,
 * shared 2-core machine): every channel by firstNonFinite 30.5 µs; one kernel call over the run
 * 9.1 µs; one kernel call per channel 52.9 µs (its fixed cost per call).
 */
function keyValuesFinite(tracks: unknown[], layout: number, kernels: Kernels): boolean {
  // Where each array lies apart (apg's Assets: a buffer per array), runs here would be one per
  // array, each with a run's cost on top of the scan checkTrack makes anyway (as UNIGINE's
  // measured while only one run was followed: 65 → 73–80 µs), so those are left to checkTrack.
  if (layout === APART) return false;
  const run: FiniteRun = { first: undefined, buffer: undefined, start: 0, end: 0, kernels };
  if (layout === JOINED) {
    for (let t = 0, n = tracks.length; t < n; t++) {
      const track = tracks[t];
      if (!isRecord(track)) continue;
      // Named reads (a keyed read per channel was slower than the scans it saved).
      if (!extendRun(run, track.translation) || !extendRun(run, track.rotation) || !extendRun(run, track.scale)) return false;
    }
    return run.first === undefined || runFinite(run);
  }
  const rotations: FiniteRun = { first: undefined, buffer: undefined, start: 0, end: 0, kernels };
  const scales: FiniteRun = { first: undefined, buffer: undefined, start: 0, end: 0, kernels };
  for (let t = 0, n = tracks.length; t < n; t++) {
    const track = tracks[t];
    if (!isRecord(track)) continue;
    if (!extendRun(run, track.translation) || !extendRun(rotations, track.rotation) || !extendRun(scales, track.scale)) return false;
  }
  return (run.first === undefined || runFinite(run)) && (rotations.first === undefined || runFinite(rotations)) && (scales.first === undefined || runFinite(scales));
}

/** keyLayout's answers: how an animation's key values lie. */
const APART = 0;
const JOINED = 1;
const BY_KIND = 2;

/**
 * How the key values lie: JOINED when the first track with translation and rotation keys
 * (Float32Arrays) and 16 translation values or more has them end to end in one buffer; else
 * BY_KIND when the first two tracks with translation keys have them end to end in one buffer;
 * else APART.
 */
function keyLayout(tracks: unknown[]): number {
  if (firstTrackJoined(tracks)) return JOINED;
  let previous: Float32Array | undefined;
  for (let t = 0, n = tracks.length; t < n; t++) {
    const track = tracks[t];
    if (!isRecord(track)) continue;
    const { translation } = track;
    if (!(translation instanceof Float32Array)) continue;
    if (previous === undefined) previous = translation;
    else return translation.buffer === previous.buffer && previous.byteOffset + previous.byteLength === translation.byteOffset ? BY_KIND : APART;
  }
  return APART;
}

/** Whether the first track with translation and rotation keys (Float32Arrays) has them end to end in one buffer. */
function firstTrackJoined(tracks: unknown[]): boolean {
  for (let t = 0, n = tracks.length; t < n; t++) {
    const track = tracks[t];
    if (!isRecord(track)) continue;
    const { translation, rotation } = track;
    if (!(translation instanceof Float32Array && rotation instanceof Float32Array) || translation.length < 16) continue;
    return translation.buffer === rotation.buffer && translation.byteOffset + translation.byteLength === rotation.byteOffset;
  }
  return false;
}

/**
 * The run keyValuesFinite builds: its first array (scanned as it is while the run holds only that
 * one: a view made per array cost more than the scan saved on Assets whose channels lie apart),
 * its buffer and byte range.
 */
interface FiniteRun {
  first: Float32Array | undefined;
  buffer: ArrayBufferLike | undefined;
  start: number;
  end: number;
  kernels: Kernels;
}

/** Adds `values` to the run, or scans the run and starts a new one with them; false when a scan found a value not finite. */
function extendRun(run: FiniteRun, values: unknown): boolean {
  if (!(values instanceof Float32Array) || values.length === 0) return true;
  if (values.buffer === run.buffer && values.byteOffset === run.end && run.end - run.start < FINITE_RUN_FLOATS * 4) {
    run.end += values.byteLength;
    return true;
  }
  if (run.first !== undefined && !runFinite(run)) return false;
  run.first = values;
  run.buffer = values.buffer;
  run.start = values.byteOffset;
  run.end = run.start + values.byteLength;
  return true;
}

function runFinite({ first, buffer, start, end, kernels }: FiniteRun): boolean {
  const run = end - start === first!.byteLength ? first! : new Float32Array(buffer!, start, (end - start) >> 2);
  // Only wasm-simd's kernel is faster than firstNonFinite here: wasm-scalar's (a branch per value,
  // and its staging) took 16.4 µs over 34,000 floats to firstNonFinite's 13.2, js's is the same loop.
  if (run.length < KERNEL_RUN_FLOATS || kernels.backend !== 'wasm-simd') return firstNonFinite(run) < 0;
  // At most FINITE_RUN_FLOATS a kernel call (one array may be longer than a run's bound).
  for (let at = 0; at < run.length; at += FINITE_RUN_FLOATS) {
    const part = at === 0 && run.length <= FINITE_RUN_FLOATS ? run : run.subarray(at, at + FINITE_RUN_FLOATS);
    if (kernels.raw.firstNonFiniteF32(part) >= 0) return false;
  }
  return true;
}

/**
 * One track. Its path (`animations[a].tracks[t]`) is built only for a message: built for every
 * track and channel of every encode, it was a number formatted and strings joined per check (the
 * optimized GLB writer's fixed cost on animated files). `checked` holds key times arrays found
 * finite and in order: times lying within one of them (the same array, as readers share one among
 * tracks, or a view of part of it) are finite and in order too, and not scanned again;
 * `valuesFinite`, that keyValuesFinite found every key value finite.
 */
function checkTrack(value: unknown, a: number, t: number, jointCount: number, trackCount: number, checked: CheckedTimes, valuesFinite: boolean): void {
  if (!isRecord(value)) record(value, trackPath(a, t), 'a track');
  const track = value as Record<string, unknown>;
  const { joint } = track;
  const limit = jointCount > 0 ? jointCount : Math.max(MIN_UNNAMED_JOINTS, trackCount);
  if (!(typeof joint === 'number' && Number.isInteger(joint) && joint >= 0 && joint < limit)) {
    fail('BAD_INDEX', `${trackPath(a, t)}.joint`, jointCount > 0 ? `joint ${describe(joint)} is not one of the skeleton's ${jointCount}` : `joint ${describe(joint)} is not a joint number below ${limit} (the Asset has no skeleton and ${trackCount} tracks)`);
  }
  const times = track.times instanceof Float32Array ? track.times : float32(track.times, `${trackPath(a, t)}.times`, 'key times');
  if (times !== checked.last && !(checked.views && times.buffer === checked.buffer && within(times, checked))) {
    if (firstNonFinite(times) >= 0) finite(times, `${trackPath(a, t)}.times`, 'key time');
    for (let k = 1; k < times.length; k++) {
      if (times[k]! < times[k - 1]!) fail('BAD_VALUE', `${trackPath(a, t)}.times[${k}]`, `key time ${times[k]} comes before the previous key's ${times[k - 1]}`);
    }
    checked.last = times;
    if (checked.views && times.length > checked.keys) {
      checked.keys = times.length;
      checked.buffer = times.buffer;
      checked.start = times.byteOffset;
      checked.end = checked.start + times.byteLength;
    }
  }
  for (let c = 0; c < 3; c++) {
    const [channel, components] = CHANNELS[c]!;
    const given = track[channel];
    if (given === undefined) continue;
    const values = given instanceof Float32Array ? given : float32(given, `${trackPath(a, t)}.${channel}`, `${channel} keys`);
    if (values.length !== times.length * components) length(values, times.length * components, `${trackPath(a, t)}.${channel}`, times.length, 'keys', components);
    if (!valuesFinite && firstNonFinite(values) >= 0) finite(values, `${trackPath(a, t)}.${channel}`, `a ${channel} key value`);
  }
}

/**
 * Key times arrays checkTrack found finite and in order: the last one, and where the one with the
 * most keys lies (its buffer and byte range). UNIGINE's Assets give each track keyed up to the
 * animation's last frame a view of one times array (a new view per track), and each track whose
 * keys end earlier an array of its own, the two kinds in bone order: with only the last one kept,
 * every view after an array of its own was scanned again. Views are looked for (`views`) only in
 * an animation whose key values lie in a block per channel kind (keyLayout BY_KIND, UNIGINE's):
 * a typed array's buffer is a getter that cost the speed bar's IQM, GLB and apg Assets 1.2–1.5 µs
 * of validateAsset's 29–45 (reading both arrays' buffers for every track whose times differ from
 * the last one's, 3–4 µs), where no times are views of others.
 */
interface CheckedTimes {
  last: Float32Array | undefined;
  views: boolean;
  keys: number;
  buffer: ArrayBufferLike | undefined;
  start: number;
  end: number;
}

/** Whether `times`, in the buffer of `checked`'s widest times, lies within their bytes. */
function within(times: Float32Array, checked: CheckedTimes): boolean {
  const start = times.byteOffset;
  return start >= checked.start && start + times.byteLength <= checked.end;
}

/** A track's path, for a message (a function, not a closure made per track: under esbuild's keepNames, as tsx runs, each closure was also named through a property definition). */
function trackPath(a: number, t: number): string {
  return `animations[${a}].tracks[${t}]`;
}

function checkAnimation(value: unknown, a: number, jointCount: number, trackCount: number, kernels: Kernels): void {
  if (!isRecord(value)) record(value, `animations[${a}]`, 'an animation');
  const animation = value as Record<string, unknown>;
  if (typeof animation.name !== 'string') string(animation.name, `animations[${a}].name`, 'an animation name');
  const { frameRate, frameCount, loop } = animation;
  if (!(typeof frameRate === 'number' && frameRate > 0 && Number.isFinite(frameRate))) fail('BAD_VALUE', `animations[${a}].frameRate`, `frame rate ${describe(frameRate)} is not a finite number above 0`);
  if (!(typeof frameCount === 'number' && Number.isSafeInteger(frameCount) && frameCount >= 0)) fail('BAD_COUNT', `animations[${a}].frameCount`, `frame count ${describe(frameCount)} is not a count`);
  // No bound here: a glTF of two keys far apart reads with a large frame count, and its own writer
  // (which keeps key times) must take it back; writers that store every frame refuse more than
  // MAX_SAMPLED_FRAMES themselves (checkSampledFrames), naming the animation.
  if (loop !== undefined && typeof loop !== 'boolean') fail('BAD_VALUE', `animations[${a}].loop`, `loop must be true, false or absent, not ${describe(loop)}`);
  const tracks = Array.isArray(animation.tracks) ? (animation.tracks as unknown[]) : array(animation.tracks, `animations[${a}].tracks`, 'tracks');
  const layout = keyLayout(tracks);
  const valuesFinite = keyValuesFinite(tracks, layout, kernels);
  const checked: CheckedTimes = { last: undefined, views: layout === BY_KIND, keys: 0, buffer: undefined, start: 0, end: 0 };
  for (let t = 0, n = tracks.length; t < n; t++) checkTrack(tracks[t], a, t, jointCount, trackCount, checked, valuesFinite);
}

/**
 * Checks the shape of everything a writer reads, so that no Asset reaches a writer's internals
 * unchecked: types (arrays, typed arrays of the documented classes, strings, booleans), lengths
 * (every per-vertex array, UV set, morph target, extra, key channel; bind pose tuples of 3/4/3),
 * indices in range and in an array wide enough, skin joints in range of the skeleton (when it has joints), parents
 * before children, track joints in range, key times finite and non-decreasing, bind pose and key
 * values finite, frame rate finite above 0, frame count a count, materials named once each with an image uri
 * string and bytes (if any) a Uint8Array. Vertex values themselves (NaN or
 * infinite positions, normals, …) are not refused here: the writers write them as their format
 * allows, or repair them with a warning. Throws MeshFormatError (format 'asset', with the `path`
 * at fault, e.g. `skeleton.joints[3].rotation[2]`). Linear in the Asset's size.
 */
export function validateAsset(asset: Asset, kernels: Kernels = getKernels()): void {
  const root = record(asset, 'asset', 'an Asset');
  string(root.source, 'source', 'source');
  if (!(root.upAxis === undefined || root.upAxis === 'y' || root.upAxis === 'z')) fail('BAD_VALUE', 'upAxis', `upAxis must be 'y', 'z' or absent, not ${describe(root.upAxis)}`);
  const warnings = array(root.warnings, 'warnings', 'warnings');
  for (let i = 0, n = warnings.length; i < n; i++) if (typeof warnings[i] !== 'string' && !hole(warnings, i)) string(warnings[i], `warnings[${i}]`, 'a warning');
  const jointCount = checkSkeleton(root.skeleton);
  const meshes = array(root.meshes, 'meshes', 'meshes');
  for (let m = 0, n = meshes.length; m < n; m++) checkMesh(meshes[m], m, jointCount, kernels);
  checkMaterials(root.materials);
  const animations = array(root.animations, 'animations', 'animations');
  // Counted before the animations are checked: a track count of something not an array is 0.
  let trackCount = 0;
  for (let a = 0, n = animations.length; a < n; a++) {
    const animation = animations[a];
    if (isRecord(animation) && Array.isArray(animation.tracks)) trackCount += animation.tracks.length;
  }
  for (let a = 0, n = animations.length; a < n; a++) checkAnimation(animations[a], a, jointCount, trackCount, kernels);
}
