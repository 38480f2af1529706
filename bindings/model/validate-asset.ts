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
//   non-finite value (x · 0 is NaN only for NaN and ±inf) before a second loop names it.
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

const PER_VERTEX = { normals: 3, tangents: 4, colors: 4, weights: 4 } as const;
/** PER_VERTEX's entries, made once (Object.entries per mesh was 8.7 kB of editor_viewcube.mesh's 26-mesh encode). */
const PER_VERTEX_ENTRIES = Object.entries(PER_VERTEX);

function checkIndices(value: unknown, vertexCount: number, at: string, kernels: Kernels): void {
  const path = `${at}.indices`;
  if (!(value instanceof Uint8Array || value instanceof Uint16Array || value instanceof Uint32Array)) {
    fail('BAD_VALUE', path, `indices must be a Uint8Array, Uint16Array or Uint32Array, not ${describe(value)}`);
  }
  const indices: IndexArray = value;
  if (indices.length % 3 !== 0) fail('BAD_COUNT', path, `${indices.length} indices do not make whole triangles`);
  const limit = indices instanceof Uint8Array ? 0x100 : indices instanceof Uint16Array ? 0x10000 : Infinity;
  if (vertexCount > limit) {
    fail('BAD_VALUE', path, `a ${indices.constructor.name} cannot index ${vertexCount} vertices (indices past ${limit - 1} would have wrapped); use a wider array`);
  }
  if (indices.length === 0) return;
  // The scan runs as a kernel; only a failing array is searched for its first bad index.
  if (kernels.maxIndex(indices) < vertexCount) return;
  const i = indices.findIndex((index) => index >= vertexCount);
  fail('BAD_INDEX', `${path}[${i}]`, `index ${indices[i]} does not point at one of the ${vertexCount} vertices`);
}

/** Every joint number (weighted or not: the UNIGINE writer stores slots up to the last one used) points at a joint of the skeleton. */
function checkSkinJoints(joints: Uint16Array, jointCount: number, path: string, kernels: Kernels): void {
  if (jointCount === 0 || joints.length === 0 || kernels.maxIndex(joints) < jointCount) return;
  const i = joints.findIndex((joint) => joint >= jointCount);
  fail('BAD_INDEX', `${path}[${i}]`, `joint ${joints[i]} is not one of the skeleton's ${jointCount} joints`);
}

function checkMesh(value: unknown, m: number, jointCount: number, kernels: Kernels): void {
  const at = `meshes[${m}]`;
  const mesh = record(value, at, 'a mesh') as Partial<Mesh> & Record<string, unknown>;
  string(mesh.name, `${at}.name`, 'a mesh name');
  optionalString(mesh.material, `${at}.material`, 'a material name');
  const attributes = record(mesh.attributes, `${at}.attributes`, 'mesh attributes');
  const positions = float32(attributes.positions, `${at}.attributes.positions`, 'positions');
  if (positions.length % 3 !== 0) fail('BAD_COUNT', `${at}.attributes.positions`, `${positions.length} position values are not whole xyz vertices`);
  const vertexCount = positions.length / 3;
  for (const [name, components] of PER_VERTEX_ENTRIES) {
    const values = attributes[name];
    if (values === undefined) continue;
    const path = `${at}.attributes.${name}`;
    length(float32(values, path, name), vertexCount * components, path, vertexCount, 'vertices', components);
  }
  if (attributes.joints !== undefined) {
    const path = `${at}.attributes.joints`;
    if (!(attributes.joints instanceof Uint16Array)) fail('BAD_VALUE', path, `joints must be a Uint16Array, not ${describe(attributes.joints)}`);
    length(attributes.joints, vertexCount * 4, path, vertexCount, 'vertices', 4);
    checkSkinJoints(attributes.joints, jointCount, path, kernels);
  }
  if (attributes.uvs !== undefined) {
    array(attributes.uvs, `${at}.attributes.uvs`, 'uvs').forEach((uv, set) => {
      const path = `${at}.attributes.uvs[${set}]`;
      length(float32(uv, path, 'a UV set'), vertexCount * 2, path, vertexCount, 'vertices', 2);
    });
  }
  if (mesh.extras !== undefined) {
    const extras = record(mesh.extras, `${at}.extras`, 'extras');
    for (const [name, extraValue] of Object.entries(extras)) {
      const path = `${at}.extras.${name}`;
      const extra = record(extraValue, path, 'an extra attribute');
      const { components } = extra;
      if (!(typeof components === 'number' && Number.isInteger(components) && components >= 1 && components <= 0xffff)) {
        fail('BAD_VALUE', `${path}.components`, `components must be a whole number from 1 to 65535, not ${describe(components)}`);
      }
      length(float32(extra.data, `${path}.data`, 'extra data'), vertexCount * components, `${path}.data`, vertexCount, 'vertices', components);
    }
  }
  if (mesh.targets !== undefined) {
    array(mesh.targets, `${at}.targets`, 'targets').forEach((targetValue, t) => {
      const path = `${at}.targets[${t}]`;
      const target = record(targetValue, path, 'a morph target');
      string(target.name, `${path}.name`, 'a morph target name');
      length(float32(target.positions, `${path}.positions`, 'target positions'), vertexCount * 3, `${path}.positions`, vertexCount, 'vertices', 3);
      if (target.normals !== undefined) length(float32(target.normals, `${path}.normals`, 'target normals'), vertexCount * 3, `${path}.normals`, vertexCount, 'vertices', 3);
    });
  }
  checkIndices(mesh.indices, vertexCount, at, kernels);
}

// ---- materials ------------------------------------------------------------------------------

function checkMaterials(value: unknown): void {
  if (value === undefined) return;
  const names = new Set<string>();
  array(value, 'materials', 'materials').forEach((materialValue, m) => {
    const at = `materials[${m}]`;
    const material = record(materialValue, at, 'a material');
    string(material.name, `${at}.name`, 'a material name');
    if (names.has(material.name as string)) fail('BAD_VALUE', `${at}.name`, `material name ${JSON.stringify(material.name)} is listed twice (meshes refer to materials by name)`);
    names.add(material.name as string);
    if (material.baseColorTexture === undefined) return;
    const path = `${at}.baseColorTexture`;
    const image = record(material.baseColorTexture, path, 'a texture image');
    string(image.uri, `${path}.uri`, 'an image uri');
    optionalString(image.mimeType, `${path}.mimeType`, 'a MIME type');
    if (image.bytes !== undefined && !(image.bytes instanceof Uint8Array)) fail('BAD_VALUE', `${path}.bytes`, `image bytes must be a Uint8Array, not ${describe(image.bytes)}`);
  });
}

// ---- skeleton and animations ----------------------------------------------------------------

function checkSkeleton(value: unknown): number {
  if (value === undefined) return 0;
  const skeleton = record(value, 'skeleton', 'the skeleton');
  const joints = array(skeleton.joints, 'skeleton.joints', 'skeleton joints');
  joints.forEach((jointValue, j) => {
    const at = `skeleton.joints[${j}]`;
    const joint = record(jointValue, at, 'a joint');
    string(joint.name, `${at}.name`, 'a joint name');
    const { parent } = joint;
    if (!(typeof parent === 'number' && Number.isInteger(parent) && parent >= -1 && parent < j)) {
      fail('BAD_INDEX', `${at}.parent`, `parent ${describe(parent)} is not −1 or a joint before this one`);
    }
    tuple(joint.translation, 3, `${at}.translation`, 'a bind translation');
    tuple(joint.rotation, 4, `${at}.rotation`, 'a bind rotation');
    tuple(joint.scale, 3, `${at}.scale`, 'a bind scale');
  });
  return joints.length;
}

const CHANNELS = [['translation', 3], ['rotation', 4], ['scale', 3]] as const;

/**
 * One track. Its path (`animations[a].tracks[t]`) is built only for a message: built for every
 * track and channel of every encode, it was a number formatted and strings joined per check (the
 * optimized GLB writer's fixed cost on animated files).
 */
function checkTrack(value: unknown, at: string, t: number, jointCount: number, trackCount: number): void {
  if (!isRecord(value)) record(value, trackPath(at, t), 'a track');
  const track = value as Record<string, unknown>;
  const { joint } = track;
  const limit = jointCount > 0 ? jointCount : Math.max(MIN_UNNAMED_JOINTS, trackCount);
  if (!(typeof joint === 'number' && Number.isInteger(joint) && joint >= 0 && joint < limit)) {
    fail('BAD_INDEX', `${trackPath(at, t)}.joint`, jointCount > 0 ? `joint ${describe(joint)} is not one of the skeleton's ${jointCount}` : `joint ${describe(joint)} is not a joint number below ${limit} (the Asset has no skeleton and ${trackCount} tracks)`);
  }
  const times = track.times instanceof Float32Array ? track.times : float32(track.times, `${trackPath(at, t)}.times`, 'key times');
  if (firstNonFinite(times) >= 0) finite(times, `${trackPath(at, t)}.times`, 'key time');
  for (let k = 1; k < times.length; k++) {
    if (times[k]! < times[k - 1]!) fail('BAD_VALUE', `${trackPath(at, t)}.times[${k}]`, `key time ${times[k]} comes before the previous key's ${times[k - 1]}`);
  }
  for (const [channel, components] of CHANNELS) {
    const given = track[channel];
    if (given === undefined) continue;
    const values = given instanceof Float32Array ? given : float32(given, `${trackPath(at, t)}.${channel}`, `${channel} keys`);
    if (values.length !== times.length * components) length(values, times.length * components, `${trackPath(at, t)}.${channel}`, times.length, 'keys', components);
    if (firstNonFinite(values) >= 0) finite(values, `${trackPath(at, t)}.${channel}`, `a ${channel} key value`);
  }
}

/** A track's path, for a message (a function, not a closure made per track: under esbuild's keepNames, as tsx runs, each closure was also named through a property definition). */
function trackPath(at: string, t: number): string {
  return `${at}.tracks[${t}]`;
}

function checkAnimation(value: unknown, a: number, jointCount: number, trackCount: number): void {
  const at = `animations[${a}]`;
  const animation = record(value, at, 'an animation');
  string(animation.name, `${at}.name`, 'an animation name');
  const { frameRate, frameCount, loop } = animation;
  if (!(typeof frameRate === 'number' && frameRate > 0 && Number.isFinite(frameRate))) fail('BAD_VALUE', `${at}.frameRate`, `frame rate ${describe(frameRate)} is not a finite number above 0`);
  if (!(typeof frameCount === 'number' && Number.isSafeInteger(frameCount) && frameCount >= 0)) fail('BAD_COUNT', `${at}.frameCount`, `frame count ${describe(frameCount)} is not a count`);
  // No bound here: a glTF of two keys far apart reads with a large frame count, and its own writer
  // (which keeps key times) must take it back; writers that store every frame refuse more than
  // MAX_SAMPLED_FRAMES themselves (checkSampledFrames), naming the animation.
  if (loop !== undefined && typeof loop !== 'boolean') fail('BAD_VALUE', `${at}.loop`, `loop must be true, false or absent, not ${describe(loop)}`);
  array(animation.tracks, `${at}.tracks`, 'tracks').forEach((track, t) => checkTrack(track, at, t, jointCount, trackCount));
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
  array(root.warnings, 'warnings', 'warnings').forEach((w, i) => string(w, `warnings[${i}]`, 'a warning'));
  const jointCount = checkSkeleton(root.skeleton);
  array(root.meshes, 'meshes', 'meshes').forEach((mesh, m) => checkMesh(mesh, m, jointCount, kernels));
  checkMaterials(root.materials);
  const animations = array(root.animations, 'animations', 'animations');
  // Counted before the animations are checked: a track count of something not an array is 0.
  const trackCount = animations.reduce<number>((n, animation) => n + (isRecord(animation) && Array.isArray(animation.tracks) ? animation.tracks.length : 0), 0);
  animations.forEach((animation, a) => checkAnimation(animation, a, jointCount, trackCount));
}
