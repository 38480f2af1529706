// Asset → glTF JSON and binary buffer, built directly (gltf-builder.ts); write-gltf.ts wraps the
// result as .glb, .gltf + .bin or .gltf with an embedded buffer.
import { MeshFormatError } from '../../io/errors.js';
import { getKernels } from '../../kernels/backend.js';
import type { Kernels } from '../../kernels/kernels.js';
import type { Animation, Asset, IndexArray, Joint, Mesh, MorphTarget } from '../../model/asset.js';
import { meshoptOrderedMesh } from './meshopt-order.js';
import { exponentialFilter, octahedralFilter, quaternionFilter, reorderForMeshopt, type MeshoptReorder } from './meshopt-encode.js';
import { reorderCheckedMeshesForMeshopt, type CheckedTriangles } from './meshopt-reorder-meshes.js';
import { assetToGltfSettings, type AssetToGltfOptions } from './asset-to-gltf-options.js';
import { frameRateOfTimes, isFrameRate } from './frame-rate.js';
import { KeyTimeInputs } from './key-time-inputs.js';
import { QUATERNION_COUNTS, unitQuaternionsInPlace, unitQuaternionsOnAxes } from './unit-quaternions.js';
import { nonFiniteMessage, repairNonFinite } from './finite-values.js';
import { positionsOnAxesWith, turnedCopy, unitNormalsOnAxes, unitTangentsOnAxes, uvsForOutputWith, type UnitVectors, type PositionsOnAxes } from './vertex-passes.js';
import { unitSnormVectors } from './unit-snorm-vectors.js';
import { composeTrs, invertAffine, multiply, type MatrixTarget } from './transforms.js';
import { positionGrid, quantizePositions, quantizeSettings, sourcePrecisionFloats, twelveBitExponentialBits, type PositionGrid, quantizeSnorm, quantizeUnorm, quantizeWeights, type GltfQuantizeOptions, type QuantizedAttribute } from './quantize-attributes.js';
import { quantizeSourcePositions, sourcePositionsBox } from './quantize-source-positions.js';
import { exponentialValues } from './exponential-values.js';
import { FLOAT32_MAX, gridDisplacements, snormDeltas, targetBeyondFloatSteps } from './quantize-morph-targets.js';
import { remappedPending, weldWrittenVertices, type PendingAccessor } from './weld-written-vertices.js';
import { indexWidthFor } from '../../kernels/kernels.js';
import { normalizedSkin } from './normalized-skin.js';
import type { WriterScratch } from './writer-scratch.js';
import { writerFloat32, writerFloat64, writerUint16, writerUint8 } from './writer-arena.js';
import { doubles3, doubles4, objectList } from './packed-lists.js';
import { BUFFER_TARGET, GltfBuilder, type AccessorOptions, type AccessorType, type ComponentArray, type GltfObject } from './gltf-builder.js';

/**
 * The glTF document for an Asset: one glTF mesh with one triangle primitive per Asset mesh, each
 * on its own node at the scene root; one material per distinct material name; the skeleton as a
 * hierarchy of joint nodes with one skin (inverse bind matrices from the bind pose); one glTF
 * animation per Asset animation, one sampler per channel at the track's own key times (linear,
 * glTF's default, left unsaid). Vertex attributes and indices get a buffer view each (without
 * compression); animation data shares one view per kind (key times, translations, rotations,
 * scales), each accessor at its own byteOffset. What glTF cannot hold, or what had to be changed to
 * be valid, goes to `asset.warnings`: non-finite values (glTF forbids them) are written as 0 (a
 * scale as 1, a rotation as the identity), lengths off unit by more than the validator's
 * tolerance are normalised, and so on, each counted. An Asset without meshes or nodes still gives
 * a valid file: no buffer when there is no data, one scene (without `nodes` when it has none).
 */
export function assetToGltf(asset: Asset, options: AssetToGltfOptions = {}): GltfBuilder {
  const builder = new GltfBuilder();
  try {
    writeAsset(builder, asset, options);
  } catch (error) {
    // Nothing of this encode is read any more: its scratch goes to the next one (writer-scratch.ts).
    builder.scratch.release();
    throw error;
  }
  return builder;
}

/** assetToGltf's work, into `builder`. */
function writeAsset(builder: GltfBuilder, asset: Asset, options: AssetToGltfOptions): void {
  const settings = assetToGltfSettings(options);
  const kernels = options.kernels ?? getKernels();
  const said = new Set(asset.warnings);
  const warn = (message: string) => { if (!said.has(message)) { said.add(message); asset.warnings.push(message); } };
  const toYUp = settings.upAxis === 'y' && asset.upAxis === 'z';
  const quantize = quantizeSettings(settings.quantize, asset.source, 'gltf');
  const sourcePrecision = sourcePrecisionFloats(settings.quantize, asset.source);
  if (settings.compress !== 'none' && settings.compress !== 'meshopt') throw new MeshFormatError({ code: 'BAD_OPTION', format: 'gltf' }, `compress must be 'none' or 'meshopt', not ${String(settings.compress)}`);
  const scene: { nodes: number[] } = { nodes: [] };
  builder.add('scenes', scene);
  builder.json.scene = 0;
  const writer: Writer = { builder, toYUp, warn, scene: scene.nodes, quantize, quantized: { positionError: 0, floatPositions: 0, floatUvs: 0, exponentialUvs: 0, kinds: new Set() }, groupNames: new Map(), shareViews: settings.compress === 'meshopt', weldWritten: settings.pruneUnread === true, sourcePrecision };

  const joints = addSkeleton(writer, asset);
  // A skin for every skeleton, also when no mesh is skinned: glTF readers (ours too) take a
  // skeleton from skins, and a hierarchy of plain nodes would come back as no skeleton at all.
  const grid = quantize && quantize.position !== 'float' && asset.skeleton?.joints.length ? skinnedGrid(writer, kernels, asset, quantize.position) : undefined;
  const added = asset.skeleton?.joints.length ? addSkin(writer, asset.skeleton.joints, joints, grid) : undefined;
  const skin = added?.index;
  writer.skinGrid = added?.folded;
  const materials = new Map<string, number>();
  // Compressing, every mesh's vertex-cache and fetch order in one meshoptimizer call (meshopt-reorder-meshes.ts).
  const reorders = settings.compress === 'meshopt' ? meshReorders(asset.meshes) : undefined;
  for (let m = 0; m < asset.meshes.length; m++) {
    const mesh = asset.meshes[m]!;
    const written = addMesh(writer, kernels, mesh, settings, skin !== undefined, joints.length, reorders?.[m]);
    if (written === undefined) continue;
    const gltfMesh = written.mesh;
    if (mesh.material !== undefined) {
      let material = materials.get(mesh.material);
      if (material === undefined) materials.set(mesh.material, (material = builder.add('materials', { name: mesh.material })));
      (builder.list('meshes')[gltfMesh]!.primitives as GltfObject[])[0]!.material = material;
    }
    // A literal of one of two shapes, not a spread of the transform (V8's slow copy, once per mesh).
    const node: GltfObject = written.node ? { name: mesh.name, mesh: gltfMesh, translation: written.node.translation, scale: written.node.scale } : { name: mesh.name, mesh: gltfMesh };
    if (skin !== undefined && mesh.attributes.joints && mesh.attributes.weights) node.skin = skin;
    writer.scene.push(builder.add('nodes', node));
  }
  for (const animation of asset.animations) addAnimation(writer, animation, joints);
  if (quantize && writer.quantized.kinds.size > 0) warn(quantizedSummary(quantize, writer.quantized, writer.shareViews));
  // Meshes without extras skipped before any array is made (the flatMap made three per mesh).
  for (const m of asset.meshes) {
    if (m.extras === undefined) continue;
    for (const [name, e] of Object.entries(m.extras)) {
      if (e.components > 4) continue;
      const extra = `${m.name}.${name}`;
      warn(`mesh attribute ${extra} is written as the application-specific attribute _${extra.split('.').pop()!.toUpperCase()}`);
    }
  }
  // A scene's `nodes` may not be empty: an Asset without meshes or joints has a scene without it.
  if (scene.nodes.length === 0) delete (scene as Partial<typeof scene>).nodes;
}

interface Writer {
  builder: GltfBuilder;
  toYUp: boolean;
  warn: (message: string) => void;
  /** The scene's root nodes. */
  scene: number[];
  /** Bits per attribute, undefined when everything is written float32. */
  quantize: Required<GltfQuantizeOptions> | undefined;
  /** What quantization did, for the summary warning. */
  quantized: { positionError: number; floatPositions: number; floatUvs: number; exponentialUvs: number; kinds: Set<string> };
  /** The grid skinned meshes' positions are quantized on, folded into the inverse bind matrices (none: they stay float32). */
  skinGrid?: PositionGrid;
  /** compress: 'meshopt': accessors of one kind share a bufferView (gltf-builder.ts says why). */
  shareViews: boolean;
  /** The shared views' group names made so far (sharedGroup). */
  groupNames: Map<number, string>;
  /** Attributes kept float32 for the source's own precision (sourcePrecisionFloats): EXPONENTIAL at 24 bits when compressed. */
  sourcePrecision: { position: boolean; uv: boolean };
  /** pruneUnread: vertices a reader decodes alike in every attribute are made one (weld-written-vertices.ts), degenerate triangles and unused vertices left out. */
  weldWritten: boolean;
  /** While a mesh's vertex accessors are held back for welding: them, in order (accessor() returns −1 − their place). */
  pending?: PendingAccessor[];
}

/** A joint node as written: its index and its rest TRS (what an animation channel that changes nothing holds). */
interface JointNode {
  index: number;
  translation: readonly number[];
  rotation: readonly number[];
  scale: readonly number[];
}

const VERTEX: AccessorOptions = { target: BUFFER_TARGET.ARRAY_BUFFER };

/** The attributes addMesh's vertex passes put in the meshopt order themselves. */
const MOVED_BY_VERTEX_PASSES = ['positions', 'normals', 'tangents', 'uvs'] as const;
/** The first UV sets' attribute names as constants: a name made per set and mesh was a new string, hashed again as a key. */
const TEXCOORD = ['TEXCOORD_0', 'TEXCOORD_1', 'TEXCOORD_2', 'TEXCOORD_3'];

/**
 * An animation's translation and scale keys (VEC3) through the EXPONENTIAL filter at `bits` of
 * mantissa, one exponent per path and component over the whole animation ('SharedComponent'):
 * each value within one step, 2^(E + 1 − bits), of its own, where 2^E is the power of two above
 * the animation's largest magnitude of that path and component (at 24 bits, one float32 ulp of
 * that largest value). Alternatives measured on mrfixit.iqm's 6,875 translation keys (compressed
 * bytes): float32 as it is 17,168; at 24 bits 'Separate' 17,488 (exact), 'SharedVector' 13,201,
 * 'SharedComponent' over all channels 9,752 (error 4.8e-7), over each channel alone 15,878; at 16
 * bits 11,413 / 5,810 / 4,104 (error 1.2e-4, gltfpack's default).
 */
function exponentialOutputs(w: Writer, outputs: { values: Float32Array; path: string; sampler: number }[], samplers: GltfObject[]): void {
  exponentialPath(w, outputs, samplers, 'translation');
  exponentialPath(w, outputs, samplers, 'scale');
}

/** exponentialOutputs of one path's outputs, in their order (two passes over `outputs`, not a filtered copy and a reduce with closures). */
function exponentialPath(w: Writer, outputs: { values: Float32Array; path: string; sampler: number }[], samplers: GltfObject[], path: 'translation' | 'scale'): void {
  let length = 0;
  for (const o of outputs) if (o.path === path) length += o.values.length;
  if (length === 0) return;
  w.quantized.kinds.add(path);
  const all = new Float32Array(length);
  let at = 0;
  for (const o of outputs) {
    if (o.path !== path) continue;
    all.set(o.values, at);
    at += o.values.length;
  }
  const bytes = exponentialFilter(all, length / 3, 12, w.quantize!.translation as 24 | 16, 'SharedComponent');
  at = 0;
  for (const o of outputs) {
    if (o.path !== path) continue;
    const filtered = bytes.subarray(at * 4, (at += o.values.length) * 4);
    samplers[o.sampler]!.output = accessor(w, 'VEC3', o.values, { group: ANIMATION_GROUPS[path], filtered: { bytes: filtered, filter: 'EXPONENTIAL' } });
  }
}

/**
 * The EXPONENTIAL filter's step per path and output component over an animation's keys:
 * 2^(E + 1 − bits), 2^E the power of two above the largest magnitude (frexp's exponent).
 */
function exponentialSteps(w: Writer, animation: Animation, bits: 24 | 16): Record<'translation' | 'scale', number[]> {
  return { translation: pathSteps(w, animation, 'translation', bits), scale: pathSteps(w, animation, 'scale', bits) };
}

/** exponentialSteps of one path (a function per path, not a loop over a literal list of the two with a closure per component). */
function pathSteps(w: Writer, animation: Animation, path: 'translation' | 'scale', bits: 24 | 16): number[] {
  // Its own three maxima, not module scratch: `track[path]` may be a getter that starts another
  // encode (test/review7-encode-reentry.test.ts), which would overwrite shared ones mid-loop.
  const largest = new Float64Array(3);
  for (const track of animation.tracks) {
    const values = track[path];
    if (values) widenLargest(values, largest);
  }
  // Z-up to Y-up moves the source's z to y and y to z (signs do not change magnitudes).
  return w.toYUp ? [stepOf(largest[0]!, bits), stepOf(largest[2]!, bits), stepOf(largest[1]!, bits)] : [stepOf(largest[0]!, bits), stepOf(largest[1]!, bits), stepOf(largest[2]!, bits)];
}

/** The EXPONENTIAL filter's step for a largest magnitude `m`. */
function stepOf(m: number, bits: 24 | 16): number {
  return m > 0 ? 2 ** (Math.floor(Math.log2(m)) + 2 - bits) : 0;
}

/**
 * `largest` (three magnitudes) widened by xyz `values`' magnitudes; a loop of its own
 * (vertex-passes.ts says why), its maxima in locals (key values are finite: validateAsset), not
 * three loads and stores of `largest` per key (3.6 % of raylib_guy.iqm's optimized encode).
 */
function widenLargest(values: Float32Array, largest: Float64Array): number {
  let a = largest[0]!, b = largest[1]!, c = largest[2]!;
  for (let i = 0; i + 2 < values.length; i += 3) {
    const x = Math.abs(values[i]!), y = Math.abs(values[i + 1]!), z = Math.abs(values[i + 2]!);
    if (x > a) a = x;
    if (y > b) b = y;
    if (z > c) c = z;
  }
  largest[0] = a;
  largest[1] = b;
  largest[2] = c;
  return 0;
}

/** Whether key times start at 0 or later and strictly increase. */
function increasingFromZero(times: Float32Array): boolean {
  for (let i = 0; i < times.length; i++) if (!(times[i]! >= 0 && (i === 0 || times[i]! > times[i - 1]!))) return false;
  return true;
}

/**
 * Half a step of the QUATERNION filter at 12 bits: it stores the three smaller components of a
 * unit quaternion, within ±1/√2, as 12-bit snorm, so one step is (1/√2) / 2047.
 */
const QUATERNION_12_HALF_STEP = Math.SQRT1_2 / 2047 / 2;

/**
 * True when every unit quaternion of `values` is within QUATERNION_12_HALF_STEP of `rest` in every
 * component (q and −q are one rotation: the sign nearer the rest is compared). Leaving such a
 * channel out errs less than the filter would; measured on mrfixit.iqm at gltfpack's precision:
 * 18 of its 72 rotation channels (gltfpack -cc leaves out 18 too), JSON chunk 30,492 → 27,164 bytes.
 */
function rotationsNearRest(values: Float32Array, rest: readonly number[]): boolean {
  for (let i = 0; i < values.length; i += 4) {
    const sign = values[i]! * rest[0]! + values[i + 1]! * rest[1]! + values[i + 2]! * rest[2]! + values[i + 3]! * rest[3]! < 0 ? -1 : 1;
    for (let c = 0; c < 4; c++) if (!(Math.abs(sign * values[i + c]! - Math.fround(rest[c]!)) <= QUATERNION_12_HALF_STEP)) return false;
  }
  return true;
}

/** True when every value (xyz keys) is within half of its component's step of the rest value. */
function withinStep(values: Float32Array, rest: readonly number[], step: number[]): boolean {
  // Per key, not per value with `% 3` (an integer division per value, in this writer's per-channel checks).
  const rx = rest[0]!, ry = rest[1]!, rz = rest[2]!;
  const hx = step[0]! / 2, hy = step[1]! / 2, hz = step[2]! / 2;
  for (let i = 0; i + 2 < values.length; i += 3) {
    if (!(Math.abs(values[i]! - rx) <= hx) || !(Math.abs(values[i + 1]! - ry) <= hy) || !(Math.abs(values[i + 2]! - rz) <= hz)) return false;
  }
  return true;
}

/**
 * The shared views of animation data, one per kind (key times, and each path's outputs), in the
 * plain writer as in the compressed one: glTF lets accessors other than vertex attributes share a
 * view at aligned offsets without a byteStride. One view per accessor was, for the speed bar's
 * tiled mrfixit.iqm (150 accessors of animation data), 8.5 kB of its 46 kB JSON chunk, which every
 * encode serialises and every reader parses. The names are constants given as a property of each
 * options literal: a spread `{ group }` and a name joined per accessor cost a slow object copy and
 * a string hashed afresh for every animation channel.
 */
const ANIMATION_GROUPS = { input: 'animation input', translation: 'animation translation', rotation: 'animation rotation', scale: 'animation scale' } as const;

function accessor(w: Writer, type: AccessorType, array: ComponentArray, given?: AccessorOptions): number {
  // The options as one object of one shape whatever the caller's literal (about fourteen shapes:
  // every read of them in the builder went megamorphic once a process had written files of
  // several kinds); absent options are undefined, as they read before.
  // A known min / max (a pass that wrote the array found it) is kept unless the array waits for
  // the weld of written vertices (pruneUnread), which may leave vertices out.
  const options: AccessorOptions = { target: given?.target, normalized: given?.normalized, bounds: given?.bounds, minMax: w.pending ? undefined : given?.minMax, byteStride: given?.byteStride, group: given?.group, filtered: given?.filtered };
  if (w.pending && options?.target === BUFFER_TARGET.ARRAY_BUFFER) return -w.pending.push({ type, array, options });
  // Vertex attributes of one type, component type and normalization share a view across meshes;
  // and the meshes' triangle lists of one index type (editor_viewcube.mesh: 26 meshes, 26 index views).
  // (The group goes beside the options: a spread copy of options of many shapes took the slow path, 8 % of editor_viewcube.mesh's encode.)
  if (w.shareViews && options !== undefined && options.group === undefined && (options.target === BUFFER_TARGET.ARRAY_BUFFER || options.target === BUFFER_TARGET.ELEMENT_ARRAY_BUFFER)) {
    return w.builder.addAccessor(array, type, options, sharedGroup(w, type, array, options.target === BUFFER_TARGET.ARRAY_BUFFER, options.normalized === true));
  }
  return w.builder.addAccessor(array, type, options);
}

/**
 * The group name of a vertex attribute's or index list's shared view, made once per writer and
 * kind: a name built per accessor was a new string the builder's group map hashed on every call
 * (with the typed array's constructor name looked up), 3–5 % of a small file's optimized encode.
 */
function sharedGroup(w: Writer, type: AccessorType, array: ComponentArray, vertex: boolean, normalized: boolean): string {
  const code = (vertex ? 1 : 0) | (normalized ? 2 : 0) | (componentCode(array) << 2) | (TYPE_CODES[type] << 5);
  let name = w.groupNames.get(code);
  if (name === undefined) w.groupNames.set(code, (name = vertex ? `vertex ${type} ${array.constructor.name} ${normalized ? 'normalized' : ''}` : `indices ${array.constructor.name}`));
  return name;
}

const TYPE_CODES: Record<AccessorType, number> = { SCALAR: 0, VEC2: 1, VEC3: 2, VEC4: 3, MAT4: 4 };

/** A small number per typed array kind (sharedGroup's key). */
function componentCode(array: ComponentArray): number {
  if (array instanceof Float32Array) return 0;
  if (array instanceof Uint8Array) return 1;
  if (array instanceof Int8Array) return 2;
  if (array instanceof Uint16Array) return 3;
  if (array instanceof Int16Array) return 4;
  return 5;
}

/**
 * A mesh's indices as written: the narrowest type its vertex count allows (as compactIndices
 * gives them), in the writer's scratch. Indices of that width or narrower are copied with a
 * widening `set`; wider ones narrowed by the kernel, which says where one does not fit (the
 * source's indices are below its vertex count: validateAsset). The same values compactIndices'
 * widened copy and narrowing gave, without its two arrays.
 */
function writtenIndices(kernels: Kernels, source: IndexArray, vertexCount: number, scratch: WriterScratch): IndexArray {
  const width = indexWidthFor(vertexCount);
  const out = width === 1 ? scratch.uint8(source.length) : width === 2 ? scratch.uint16(source.length) : scratch.uint32(source.length);
  if (source.BYTES_PER_ELEMENT <= width) {
    out.set(source);
    return out;
  }
  const wide = source instanceof Uint32Array ? source : kernels.widenIndices(source, scratch.uint32(source.length));
  const bad = width === 2 ? kernels.raw.narrowU32ToU16(wide, out as Uint16Array) : kernels.raw.narrowU32ToU8(wide, out as Uint8Array);
  if (bad >= 0) throw new RangeError(`index ${wide[bad]} at position ${bad} is out of range for ${vertexCount} vertices`);
  return out;
}

/** A copy of xyz-per-element data turned to the output axes (`kind` says how the values turn), in one pass. */
function axes(w: Writer, data: Float32Array, stride: number, kind: 'vector' | 'scale' = 'vector', out?: Float32Array): Float32Array {
  if (w.toYUp) return turnedCopy(data, stride, kind === 'scale', out);
  if (!out) return data.slice();
  out.set(data);
  return out;
}

/** A channel's paths, in the order their samplers are written. */
const TRS_PATHS = ['translation', 'rotation', 'scale'] as const;

/** glTF's default TRS (a node's own when it states none), as the double-element arrays every joint's TRS is (packed-lists.ts). */
const REST = { translation: doubles3(0, 0, 0), rotation: doubles4(0, 0, 0, 1), scale: doubles3(1, 1, 1) } as const;

/**
 * One node per joint, children attached to parents, roots on the scene. Tracks for joints a
 * skeleton lacks get bare nodes. Each JointNode and each node's JSON is one literal of one shape
 * (its TRS left undefined where glTF's default holds: JSON.stringify leaves it out as it left out
 * the key), and the lists are object lists even when empty (packed-lists.ts): a bulk run writes
 * skeletons of every kind, and code optimized on one shape bailed out on the next (addSkeleton,
 * addSkin and the children's closure, bench/deopt-trace.ts).
 */
function addSkeleton(w: Writer, asset: Asset): JointNode[] {
  const joints = asset.skeleton?.joints ?? [];
  const defs = objectList<JointJson>();
  const nodes = objectList<JointNode>();
  for (let j = 0; j < joints.length; j++) {
    const joint = joints[j]!;
    const node = jointNode(w, joint);
    // glTF's defaults are left out, as gltf-transform left them out.
    const def: JointJson = {
      name: joint.name,
      translation: same(node.translation, REST.translation) ? undefined : node.translation,
      rotation: same(node.rotation, REST.rotation) ? undefined : node.rotation,
      scale: same(node.scale, REST.scale) ? undefined : node.scale,
      children: undefined,
    };
    defs.push(def);
    node.index = w.builder.add('nodes', def);
    nodes.push(node);
  }
  for (let j = 0; j < joints.length; j++) {
    const joint = joints[j]!;
    if (joint.parent >= 0 && joint.parent < j) (defs[joint.parent]!.children ??= []).push(nodes[j]!.index);
    else {
      if (joint.parent >= 0) w.warn(`joint ${joint.name} names parent ${joint.parent}, which does not come before it; it is written as a root`);
      w.scene.push(nodes[j]!.index);
    }
  }
  let animated = 0;
  for (const animation of asset.animations) for (const track of animation.tracks) animated = Math.max(animated, track.joint + 1);
  if (animated > nodes.length) {
    w.warn(`animations move ${animated} joints but the asset has ${nodes.length}: the others are written as bare root nodes named 'joint N'`);
    for (let j = nodes.length; j < animated; j++) {
      const index = w.builder.add('nodes', { name: `joint ${j}` });
      nodes.push({ index, translation: REST.translation, rotation: REST.rotation, scale: REST.scale });
      w.scene.push(index);
    }
  }
  return nodes;
}

/** A joint node's JSON: one shape for every joint (undefined keys are not written). */
interface JointJson extends GltfObject {
  name: string;
  translation: readonly number[] | undefined;
  rotation: readonly number[] | undefined;
  scale: readonly number[] | undefined;
  children: number[] | undefined;
}

function same(a: readonly number[], b: readonly number[]): boolean {
  // A loop, not `every` with a closure made on each of its three calls per joint.
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A joint's node (its index −1 until added) with its bind pose as float32 on the output axes
 * (validateAsset refused values not finite as float32), its rotation of unit length.
 */
function jointNode(w: Writer, joint: Joint): JointNode {
  // As float32 and turned as axes() turns them, without the three arrays (and their turned
  // copies) per joint that a typed-array round trip allocated; the rotation made unit in a scratch.
  const f = Math.fround;
  const { translation: t, rotation: r, scale: s } = joint;
  const tx = f(t[0]!), ty = f(t[1]!), tz = f(t[2]!);
  const sx = f(s[0]!), sy = f(s[1]!), sz = f(s[2]!);
  const q = JOINT_ROTATION;
  q[0] = r[0]!;
  q[1] = w.toYUp ? r[2]! : r[1]!;
  q[2] = w.toYUp ? -f(r[1]!) : r[2]!;
  q[3] = r[3]!;
  unitQuaternionsInPlace(q, QUATERNION_COUNTS);
  // Out of the shared scratch before the warnings read `joint.name`: a getter there may start
  // another encode, which writes JOINT_ROTATION (test/review7-encode-reentry.test.ts).
  const rotation = doubles4(q[0]!, q[1]!, q[2]!, q[3]!);
  const [replaced, rescaled] = QUATERNION_COUNTS;
  if (replaced) w.warn(`joint ${joint.name} bind pose rotation: ${replaced} zero or non-finite rotations were written as the identity`);
  if (rescaled) w.warn(`joint ${joint.name} bind pose rotation: ${rescaled} rotations not of unit length were normalised`);
  return {
    index: -1,
    translation: w.toYUp ? doubles3(tx, tz, -ty) : doubles3(tx, ty, tz),
    rotation,
    scale: w.toYUp ? doubles3(sx, sz, sy) : doubles3(sx, sy, sz),
  };
}

/** jointNode's rotation, made unit in place. */
const JOINT_ROTATION = new Float32Array(4);

/** The one grid over every mesh that will be written skinned (positions on the output axes, non-finite ones as 0), or undefined when there is none. */
function skinnedGrid(w: Writer, kernels: Kernels, asset: Asset, bits: 8 | 14 | 16): PositionGrid | undefined {
  // Each mesh's box on the output axes (non-finite values as 0) by the sourcePositionsBox kernel,
  // widened mesh by mesh as one pass over all of them would (a strict comparison keeps the first
  // of −0 / +0); it was a turned copy, a repair pass and a box pass per mesh (1.7 + 0.5 % of
  // actor_00.mesh's optimized encode).
  let box: { min: number[]; max: number[] } | undefined;
  for (const mesh of asset.meshes) {
    const a = mesh.attributes;
    if (!a.joints || !a.weights || a.positions.length === 0 || mesh.indices.length < 3) continue;
    const next = sourcePositionsBox(kernels, a.positions, w.toYUp).box;
    if (!box) box = next;
    else for (let c = 0; c < 3; c++) {
      if (next.min[c]! < box.min[c]!) box.min[c] = next.min[c]!;
      if (next.max[c]! > box.max[c]!) box.max[c] = next.max[c]!;
    }
  }
  return box && positionGrid(box, bits);
}

/**
 * The skin: every joint, inverse bind matrices from the bind pose's world matrices; with `grid`,
 * each times the grid's dequantization (translation to its offset, uniform scale by its step),
 * so that skinned meshes' quantized positions are drawn in place. Not folded (`folded`
 * undefined) when a joint's bind pose is singular: its identity matrix would not undo the grid.
 */
function addSkin(w: Writer, joints: Joint[], nodes: JointNode[], grid?: PositionGrid): { index: number; folded?: PositionGrid } {
  // Every joint's world and inverse matrix, and two scratch matrices, in one array, not four new
  // matrices per joint (each a buffer of its own: transforms.ts); the same arithmetic, so the same bits.
  const count = joints.length;
  const store = writerFloat64(count * 32 + 32);
  const worlds = store.subarray(0, count * 16);
  const inverseStore = store.subarray(count * 16, count * 32);
  const local = store.subarray(count * 32, count * 32 + 16);
  const product = store.subarray(count * 32 + 16);
  const matrices = writerFloat32(count * 16);
  const inverses: (MatrixTarget | undefined)[] = [];
  let singular = false;
  for (let j = 0; j < count; j++) {
    const joint = joints[j]!;
    const { translation: t, rotation: r, scale: s } = nodes[j]!;
    const world = worlds.subarray(j * 16, j * 16 + 16);
    if (joint.parent >= 0 && joint.parent < j) multiply(worlds.subarray(joint.parent * 16, joint.parent * 16 + 16), composeTrs(t, r, s, local), world);
    else composeTrs(t, r, s, world);
    const found = invertAffine(world, inverseStore.subarray(j * 16, j * 16 + 16));
    const inverse = found && finiteAsFloat32(found) ? found : undefined;
    if (!inverse) {
      singular = true;
      w.warn(`joint ${joint.name} has a singular bind pose (or one beyond float32's range); its inverse bind matrix is the identity`);
    }
    inverses.push(inverse);
  }
  const folded = grid && !singular ? grid : undefined;
  // Double-element arrays, as every joint's TRS (packed-lists.ts): composeTrs is inlined where it reads them.
  const dequantize = folded ? composeTrs(doubles3(folded.offset[0]!, folded.offset[1]!, folded.offset[2]!), REST.rotation, doubles3(folded.step, folded.step, folded.step)) : undefined;
  // Loops, not forEach / map with a closure made per skin.
  for (let j = 0; j < count; j++) {
    const inverse = inverses[j];
    const m = inverse ? (dequantize ? multiply(inverse, dequantize, product) : inverse) : composeTrs(REST.translation, REST.rotation, REST.scale, product);
    // glTF requires the last row to be exactly (0, 0, 0, 1).
    m[3] = m[7] = m[11] = 0;
    m[15] = 1;
    matrices.set(m, j * 16);
  }
  const inverseBindMatrices = accessor(w, 'MAT4', matrices);
  const jointIndices: number[] = [];
  for (let j = 0; j < count; j++) jointIndices.push(nodes[j]!.index);
  return { index: w.builder.add('skins', { inverseBindMatrices, joints: jointIndices }), folded };
}

/** Each mesh's reorder for meshopt (undefined for a mesh addMesh leaves out: no vertex or no triangle), all in one call. */
function meshReorders(meshes: readonly Mesh[]): (MeshoptReorder | undefined)[] {
  const written: CheckedTriangles[] = [];
  for (const mesh of meshes) if (mesh.attributes.positions.length > 0 && mesh.indices.length >= 3) written.push({ indices: mesh.indices, vertexCount: mesh.attributes.positions.length / 3 });
  const made = reorderCheckedMeshesForMeshopt(written);
  const out: (MeshoptReorder | undefined)[] = [];
  for (let m = 0, k = 0; m < meshes.length; m++) out.push(meshes[m]!.attributes.positions.length > 0 && meshes[m]!.indices.length >= 3 ? made[k++] : undefined);
  return out;
}

/** The glTF mesh for an Asset mesh (its index), or undefined when it has no triangle. `reorder`: its meshopt order, made already (meshReorders). */
function addMesh(w: Writer, kernels: Kernels, source: Mesh, settings: Required<Omit<AssetToGltfOptions, 'kernels'>>, skinned: boolean, jointCount: number, reorder?: MeshoptReorder): { mesh: number; node?: { translation: number[]; scale: number[] } } | undefined {
  const vertexCount = source.attributes.positions.length / 3;
  const label = `mesh ${source.name}`;
  if (vertexCount === 0 || source.indices.length < 3) {
    w.warn(`${label} has no triangles and is left out (glTF accessors cannot be empty)`);
    return undefined;
  }
  let indices: IndexArray;
  let mesh = source;
  // Compressing, vertices are renumbered; positions, normals, tangents and UV sets are moved by
  // the vertex passes as they read them (`order`), the other attributes by meshoptOrderedMesh,
  // which copies the source's indices itself (widened and narrowed here first, they were copied
  // twice more for nothing: 3.7 % of untitled.apg's optimized encode).
  let order: Uint32Array | undefined;
  if (settings.compress === 'meshopt') ({ mesh, indices, remap: order } = meshoptOrderedMesh(source, source.indices, MOVED_BY_VERTEX_PASSES, reorder));
  else indices = writtenIndices(kernels, source.indices, vertexCount, w.builder.scratch);
  const a = mesh.attributes;
  const q = w.quantize;
  const attributes: Record<string, number> = {};
  // Welding on the written attributes needs every vertex array first (morph targets are written after the primitive: not welded).
  if (w.weldWritten && !mesh.targets?.length) w.pending = [];
  // glTF ignores a skinned mesh's node transform: skinned meshes share the grid folded into the
  // inverse bind matrices; a static mesh's own grid goes in its node's transform.
  const skinnedMesh = skinned && a.joints !== undefined && a.weights !== undefined;
  // One pass turns, repairs and boxes the positions (vertex-passes.ts); quantized, and without
  // morph targets (which need them as floats), the positions are only boxed, then quantized
  // straight from the source (quantize-source-positions.ts).
  const direct = q !== undefined && q.position !== 'float' && (!skinnedMesh || w.skinGrid !== undefined) && !mesh.targets?.length;
  const onAxes: Omit<PositionsOnAxes, 'positions'> & { positions?: Float32Array } = direct ? sourcePositionsBox(kernels, a.positions, w.toYUp) : positionsOnAxesWith(kernels, a.positions, w.toYUp, order, w.builder.scratch.float32(a.positions.length));
  const positions = onAxes.positions;
  if (onAxes.replaced) w.warn(nonFiniteMessage(`${label} positions`, onAxes.replaced, 0));
  let node: { translation: number[]; scale: number[] } | undefined;
  let positionStep = 1;
  let onGrid: (QuantizedAttribute & PositionGrid) | undefined;
  const grid = q && q.position !== 'float' && (!skinnedMesh || w.skinGrid) ? (skinnedMesh ? w.skinGrid : positionGrid(onAxes.box, q.position)) : undefined;
  // A static mesh with a morph displacement of more grid steps than float32 holds keeps float32 positions (quantize-morph-targets.ts).
  const unfit = grid && !skinnedMesh && mesh.targets?.length ? targetBeyondFloatSteps(mesh.targets, grid.step) : undefined;
  if (unfit !== undefined) w.warn(`${label}: positions kept float32: morph target ${unfit} moves a vertex by more steps of the position grid than float32 holds`);
  if (q && q.position !== 'float' && grid && unfit === undefined) {
    const quantized = (onGrid = positions ? quantizePositions(positions, q.position, grid) : quantizeSourcePositions(kernels, a.positions, w.toYUp, order, q.position, grid, w.builder.scratch));
    attributes.POSITION = quantizedAccessor(w, 'position', 'VEC3', quantized, false, true, true);
    if (!skinnedMesh) node = { translation: quantized.offset, scale: [quantized.step, quantized.step, quantized.step] };
    positionStep = quantized.step;
    w.quantized.positionError = Math.max(w.quantized.positionError, quantized.maxError);
  } else {
    if (q && q.position !== 'float') w.quantized.floatPositions++;
    // The bounds the positions pass found, when it wrote in the source's order (the same values compared in the same order as a pass over the array).
    attributes.POSITION = w.shareViews && w.sourcePrecision.position ? sourcePrecisionPositions(w, positions!) : accessor(w, 'VEC3', positions!, { target: BUFFER_TARGET.ARRAY_BUFFER, bounds: true, minMax: order ? undefined : onAxes.box });
  }
  // Normals and tangents: turned, made unit and checked in one pass each (vertex-passes.ts), and
  // quantized to snorm in that same pass (unit-snorm-vectors.ts).
  // The unit normals (output order) are made only where written as floats or filtered, or for
  // tangents written so; quantized tangents repair from the source normals themselves.
  let normals: Float32Array | undefined;
  if (a.normals && q && q.normal !== 'float' && !(q.normal === 'oct8' && w.shareViews)) {
    const done = unitSnormVectors(kernels, a.normals, 3, w.toYUp, snormBits(q.normal), undefined, order, w.builder.scratch);
    unitVectorsWarned(w, done.vectors, 3, `${label} normals`);
    attributes.NORMAL = quantizedAccessor(w, 'normal', 'VEC3', done.quantized, true, false, true);
  } else if (a.normals) {
    normals = unitVectorsWarned(w, unitNormalsOnAxes(kernels, a.normals, w.toYUp, order, w.builder.scratch.float32(a.normals.length)), 3, `${label} normals`).unit;
    attributes.NORMAL = q && q.normal === 'oct8' && w.shareViews ? octahedralAccessor(w, 'normal', normals, 3) : accessor(w, 'VEC3', normals, VERTEX);
  }
  if (a.tangents && q && q.tangent !== 'float' && !(q.tangent === 'oct8' && w.shareViews)) {
    const done = unitSnormVectors(kernels, a.tangents, 4, w.toYUp, snormBits(q.tangent), a.normals, order, w.builder.scratch);
    unitVectorsWarned(w, done.vectors, 4, `${label} tangents`);
    attributes.TANGENT = quantizedAccessor(w, 'tangent', 'VEC4', done.quantized, true, false, true);
  } else if (a.tangents) {
    if (a.normals && !normals) normals = unitNormalsOnAxes(kernels, a.normals, w.toYUp, order, w.builder.scratch.float32(a.normals.length)).unit;
    const tangents = unitVectorsWarned(w, unitTangentsOnAxes(kernels, a.tangents, w.toYUp, normals, order, w.builder.scratch.float32(a.tangents.length)), 4, `${label} tangents`).unit;
    attributes.TANGENT = q && q.tangent === 'oct8' && w.shareViews ? octahedralAccessor(w, 'tangent', tangents, 4) : accessor(w, 'VEC4', tangents, VERTEX);
  }
  // A loop, not forEach with a closure made per mesh.
  const uvSets = a.uvs ?? [];
  // glTF's TEXCOORD_n are consecutive (the validator's MESH_PRIMITIVE_INDEXED_SEMANTIC_CONTINUITY):
  // a hole in a sparse UV list (validateAsset accepts it, no reader makes one) closes up, said once.
  let setsWritten = 0;
  let closedUp = false;
  for (let set = 0; set < uvSets.length; set++) {
    const uv = uvSets[set];
    if (uv === undefined) continue;
    const name = setsWritten++;
    if (name !== set && !closedUp) {
      closedUp = true;
      w.warn(`${label}: its UV list has a hole; UV set ${set} is written as TEXCOORD_${name}, and the sets after it close up too (glTF numbers sets without gaps)`);
    }
    const written = uvsForOutputWith(kernels, uv, settings.flipV, order, w.builder.scratch.float32(uv.length));
    const copy = written.uvs;
    if (written.replaced) w.warn(nonFiniteMessage(`${label} UV set ${set}`, written.replaced, 0));
    const unorm = q && q.uv !== 'float' && written.inUnitRange;
    // Compressed, a set that unorm cannot hold goes through the EXPONENTIAL filter at 24 bits:
    // each value within one float32 ulp of the set's largest magnitude in its component
    // (measured on Box47.mesh's two sets, 168 UV units wide: 596,846 compressed bytes as float32,
    // 377,469 filtered; 'Separate' exponents 588,450; 20 bits 302,200 at 16× the error); with
    // `uv: 12` (gltfpack's precision) at the fewest bits within half a 12-bit step of the set's
    // range (twelveBitExponentialBits: mrfixit.iqm 15, Box47.mesh 12).
    // MeshSerializer2's UVs (sourcePrecisionFloats) too: unorm over 0–1 would be coarser than their own grid.
    const exponential = q && (q.uv !== 'float' || w.sourcePrecision.uv) && !unorm && w.shareViews;
    if (exponential) w.quantized.kinds.add('uv exponential');
    if (q && (q.uv !== 'float' || w.sourcePrecision.uv) && !unorm) (exponential ? w.quantized.exponentialUvs++ : w.quantized.floatUvs++);
    attributes[TEXCOORD[name] ?? `TEXCOORD_${name}`] = unorm
      ? quantizedAccessor(w, 'uv', 'VEC2', quantizeUnorm(copy, 2, q.uv as 8 | 12 | 16), true)
      : accessor(w, 'VEC2', copy, exponential ? { target: BUFFER_TARGET.ARRAY_BUFFER, filtered: { bytes: exponentialFilter(copy, copy.length / 2, 8, q.uv === 12 ? twelveBitExponentialBits(copy, 2) : 24, 'SharedComponent'), filter: 'EXPONENTIAL' } } : VERTEX);
  }
  if (a.colors) {
    const colors = clampedColors(a.colors, label, w.warn);
    attributes.COLOR_0 = q && q.color !== 'float' ? quantizedAccessor(w, 'color', 'VEC4', quantizeUnorm(colors, 4, q.color), true) : accessor(w, 'VEC4', colors, VERTEX);
  }
  if (a.joints && a.weights) {
    if (skinned) {
      const { joints, weights } = normalizedSkin(kernels, a.joints, a.weights, jointCount, label, w.warn, w.builder.scratch);
      attributes.JOINTS_0 = accessor(w, 'VEC4', joints, VERTEX);
      attributes.WEIGHTS_0 = q && q.weight !== 'float' ? quantizedAccessor(w, 'weight', 'VEC4', quantizeWeights(weights, q.weight), true) : accessor(w, 'VEC4', weights, VERTEX);
    } else w.warn(`${label}: skin weights without a skeleton are not written`);
  } else if (a.joints || a.weights) w.warn(`${label}: ${a.joints ? 'joints without weights' : 'weights without joints'} are not written (glTF needs both)`);
  if (mesh.extras !== undefined) for (const [name, extra] of Object.entries(mesh.extras)) {
    const type = (['SCALAR', 'VEC2', 'VEC3', 'VEC4'] as const)[extra.components - 1];
    if (type) attributes[`_${name.toUpperCase()}`] = accessor(w, type, repairNonFinite(extra.data.slice(), 0, `${label} attribute ${name}`, w.warn), VERTEX);
    else w.warn(`${label}: extra attribute ${name} has ${extra.components} components, more than a glTF attribute holds (4), and is left out`);
  }
  if (w.pending) {
    const welded = weldWrittenVertices(w.pending, indices, vertexCount);
    w.pending = undefined;
    indices = welded.indices;
    let kept = welded.pending;
    // The welded mesh ordered for the vertex cache and fetch again: the first order was made for
    // the vertices before welding (at gltfpack's precision with pruneUnread: SerializedMesh.data
    // 21,700 → 21,336 bytes, Box47.mesh 542,604 → 508,032).
    if ((welded.welded || welded.degenerate || welded.unused) && settings.compress === 'meshopt') {
      const again = reorderForMeshopt(indices, vertexCount - welded.welded - welded.unused);
      indices = indices instanceof Uint32Array ? again.indices : Uint16Array.from(again.indices);
      kept = remappedPending(kept, again.remap);
    }
    const written = kept.map((p) => accessor(w, p.type, p.array, p.options));
    for (const [name, slot] of Object.entries(attributes)) if (slot < 0) attributes[name] = written[-slot - 1]!;
    if (welded.welded) w.warn(`${label}: ${welded.welded} vertices that read back the same in every attribute once written were made one (pruneUnread)`);
    if (welded.degenerate) w.warn(`${label}: ${welded.degenerate} triangles whose corners were made one vertex (no area) were left out (pruneUnread)`);
    if (welded.unused) w.warn(`${label}: ${welded.unused} vertices no triangle uses were left out (pruneUnread)`);
  }
  if (settings.flipWinding) {
    for (let t = 0; t + 2 < indices.length; t += 3) [indices[t + 1], indices[t + 2]] = [indices[t + 2]!, indices[t + 1]!];
  }
  const primitive: GltfObject = { attributes, indices: accessor(w, 'SCALAR', indices, { target: BUFFER_TARGET.ELEMENT_ARRAY_BUFFER }), mode: 4 };
  const gltfMesh: GltfObject = { name: mesh.name, primitives: [primitive] };
  if (mesh.targets?.length) {
    primitive.targets = mesh.targets.map((target) => morphTargetAccessors(w, target, label, positions!, onGrid, positionStep));
    gltfMesh.weights = mesh.targets.map(() => 0);
    gltfMesh.extras = { targetNames: mesh.targets.map((t) => t.name) };
  }
  return { mesh: w.builder.add('meshes', gltfMesh), node };
}

/**
 * A morph target's accessors (quantize-morph-targets.ts says how and why): displacements on the
 * mesh's position grid (`onGrid`, when its positions were quantized) as int8 / int16 grid steps,
 * else float32 in the mesh's own units (grid steps: `positionStep`); normal deltas snorm at the
 * normals' bits when within −1..1, else float32. Each float32 fallback under `quantize` is warned.
 */
function morphTargetAccessors(w: Writer, target: MorphTarget, label: string, positions: Float32Array, onGrid: (QuantizedAttribute & PositionGrid) | undefined, positionStep: number): Record<string, number> {
  const what = `${label} morph target ${target.name}`;
  const q = w.quantize;
  const displacements = repairNonFinite(axes(w, target.positions, 3), 0, `${what} positions`, w.warn);
  const steps = onGrid && gridDisplacements(positions, onGrid, onGrid, displacements);
  const morph: Record<string, number> = {};
  if (steps) {
    w.quantized.kinds.add(steps.attribute.array instanceof Int8Array ? 'morph position int8' : 'morph position int16');
    w.builder.useExtension('KHR_mesh_quantization', true);
    // Compressed, int16 steps share the positions' view (the same 8-byte stride), as gltfpack's do:
    // AnimatedMorphCube.gltf at gltfpack's precision with pruneUnread 2,860 → 2,632 bytes (one
    // bufferView less in the JSON; the compressed streams 117 + 103 bytes apart, 190 together).
    const group = w.shareViews ? sharedGroup(w, 'VEC3', onGrid!.array, true, false) : undefined;
    morph.POSITION = accessor(w, 'VEC3', steps.attribute.array, { target: BUFFER_TARGET.ARRAY_BUFFER, bounds: true, byteStride: steps.attribute.byteStride, group });
  } else {
    // Displacements are in the mesh's own units: with quantized positions, steps of the grid.
    if (positionStep !== 1) {
      // Only a skinned mesh (its grid shared, folded into the inverse bind matrices) can get here with steps beyond float32: clamped, warned.
      let clamped = 0;
      for (let i = 0; i < displacements.length; i++) {
        const steps = Math.fround(displacements[i]! / positionStep);
        displacements[i] = Number.isFinite(steps) ? steps : (clamped++, Math.sign(steps) * FLOAT32_MAX);
      }
      if (clamped) w.warn(`${what}: ${clamped} displacement components of more steps of the skinned meshes' position grid than float32 holds were clamped to the largest float32`);
    }
    // Compressed, through the EXPONENTIAL filter at 24 bits (each within one float32 ulp of the
    // target's largest magnitude per component): AnimatedMorphCube.gltf's `--optimize` (16 bits,
    // 65,000 steps) 296 → 231 compressed bytes, the file 3,168 → 3,124.
    const filtered = onGrid && w.shareViews ? exponentialFilter(displacements, displacements.length / 3, 12, 24, 'SharedComponent') : undefined;
    if (onGrid) w.warn(`${what}: displacements of more than 32,767 steps of the mesh's position grid are kept float32 (in grid steps${filtered ? ", through EXT_meshopt_compression's EXPONENTIAL filter at 24 bits of mantissa" : ''})`);
    morph.POSITION = filtered
      ? accessor(w, 'VEC3', exponentialValues(filtered), { target: BUFFER_TARGET.ARRAY_BUFFER, bounds: true, filtered: { bytes: filtered, filter: 'EXPONENTIAL' } })
      : accessor(w, 'VEC3', displacements, { target: BUFFER_TARGET.ARRAY_BUFFER, bounds: true });
  }
  if (target.normals) {
    const deltas = repairNonFinite(axes(w, target.normals, 3), 0, `${what} normals`, w.warn);
    const snorm = q && q.normal !== 'float' ? snormDeltas(deltas, snormBits(q.normal)) : undefined;
    if (q && q.normal !== 'float' && !snorm) w.warn(`${what}: normal deltas with a component outside −1..1 are kept float32 (snorm cannot hold them)`);
    if (snorm) {
      w.quantized.kinds.add('morph normal');
      w.builder.useExtension('KHR_mesh_quantization', true);
    }
    morph.NORMAL = snorm ? accessor(w, 'VEC3', snorm.array, { target: BUFFER_TARGET.ARRAY_BUFFER, normalized: true, byteStride: snorm.byteStride }) : accessor(w, 'VEC3', deltas, VERTEX);
  }
  return morph;
}

/**
 * A vertex attribute's quantized array: normalized (or not, for positions), with its padding
 * stride. `extension`: a component type core glTF does not allow for the attribute (positions,
 * normals, tangents), so the file requires KHR_mesh_quantization; quantized UVs, colours, weights
 * and rotation keys are core glTF.
 */
function quantizedAccessor(w: Writer, kind: keyof GltfQuantizeOptions, type: AccessorType, quantized: QuantizedAttribute, normalized: boolean, bounds = false, extension = false): number {
  w.quantized.kinds.add(kind);
  if (extension) w.builder.useExtension('KHR_mesh_quantization', true);
  return accessor(w, type, quantized.array, { target: BUFFER_TARGET.ARRAY_BUFFER, normalized, bounds, minMax: quantized.minMax, byteStride: quantized.byteStride });
}

/**
 * Rotation keys through EXT_meshopt_compression's QUATERNION filter at 12 bits (gltfpack's
 * precision), decoded as normalized int16 × 4. Measured on mrfixit.iqm's 6,875 keys (compressed
 * bytes, largest component error): snorm16 17,546 at 1.5e-5; the filter at 16 bits 14,094 at
 * 2.9e-5, 14 bits 12,111 at 8.7e-5, 12 bits 9,914 at 4.7e-4.
 */
function quaternionAccessor(w: Writer, rotations: Float32Array): number {
  w.quantized.kinds.add('rotation');
  const bytes = quaternionFilter(rotations, rotations.length / 4, 12);
  return accessor(w, 'VEC4', new Int16Array(rotations.length), { normalized: true, group: ANIMATION_GROUPS.rotation, filtered: { bytes, filter: 'QUATERNION' } });
}

/**
 * Positions kept float32 for the source's own precision (MeshSerializer2's per-axis unorm16),
 * with compression: through the EXPONENTIAL filter at 24 bits (one exponent per component over the
 * mesh), each within one float32 ulp of the mesh's largest magnitude in that component; min / max
 * from the values the filter decodes to. Measured on SerializedMesh.data's optimized GLB: 66,496 →
 * 59,424 bytes with its UVs filtered alike (positions as float32 31,893 compressed bytes).
 */
function sourcePrecisionPositions(w: Writer, positions: Float32Array): number {
  const bytes = exponentialFilter(positions, positions.length / 3, 12, 24, 'SharedComponent');
  w.quantized.kinds.add('position exponential');
  return accessor(w, 'VEC3', exponentialValues(bytes), { target: BUFFER_TARGET.ARRAY_BUFFER, bounds: true, filtered: { bytes, filter: 'EXPONENTIAL' } });
}

/** How quantizedSummary names a normal / tangent setting (a function, not a closure made per call). */
function snormUnit(bits: 8 | 16 | 'oct8' | 'float', w8: boolean): string {
  return bits === 'oct8' ? (w8 ? "int8 through EXT_meshopt_compression's OCTAHEDRAL filter at 8 bits" : 'snorm8') : `snorm${bits}`;
}

/** The snorm bits of a normal / tangent setting: 'oct8' is snorm8 where there is no filter (no compression). */
function snormBits(bits: 8 | 16 | 'oct8'): 8 | 16 {
  return bits === 'oct8' ? 8 : bits;
}

/**
 * Unit normals (3 floats each) or tangents (4, w = ±1) through EXT_meshopt_compression's
 * OCTAHEDRAL filter at 8 bits, decoded as normalized int8 × 4 (gltfpack's default precision: each
 * component within 0.02 of its own, against snorm8's 1 / 254). Alternatives measured on the
 * corpus (compressed bytes, largest component error; normals of mrfixit.iqm / actor_00.mesh /
 * Box47.mesh): snorm8 5,793 / 9,333 / 191,017 at 0.0039; OCTAHEDRAL 8 bits in 4 bytes 3,920 /
 * 6,363 / 131,315 at 0.016; 10 bits in 8 bytes (snorm8's error) 5,412 / 8,972 / 200,539 at 0.0036:
 * at equal error the filter gains nothing, so it is offered at gltfpack's precision only.
 */
function octahedralAccessor(w: Writer, kind: 'normal' | 'tangent', vectors: Float32Array, components: 3 | 4): number {
  const count = vectors.length / components;
  const four = new Float32Array(count * 4);
  for (let v = 0; v < count; v++) for (let c = 0; c < components; c++) four[v * 4 + c] = vectors[v * components + c]!;
  w.quantized.kinds.add(kind);
  w.builder.useExtension('KHR_mesh_quantization', true);
  const bytes = octahedralFilter(four, count, 4, 8);
  return accessor(w, components === 3 ? 'VEC3' : 'VEC4', new Int8Array(count * 4), { target: BUFFER_TARGET.ARRAY_BUFFER, normalized: true, byteStride: 4, filtered: { bytes, filter: 'OCTAHEDRAL' } });
}

/** One sentence saying what was quantized, with the largest position error measured. */
function quantizedSummary(q: Required<GltfQuantizeOptions>, done: Writer['quantized'], w8: boolean): string {
  const parts: string[] = [];
  if (done.kinds.has('position')) parts.push(`positions ${q.position === 14 ? 'uint16 at 14 bits' : `uint${q.position}`} (largest error ${done.positionError.toPrecision(3)})`);
  if (done.kinds.has('position exponential')) parts.push("positions (kept at the source's precision) through EXT_meshopt_compression's EXPONENTIAL filter at 24 bits of mantissa");
  if (done.floatPositions) parts.push(`positions of ${done.floatPositions} skinned meshes kept float32 (a joint's bind pose is singular, so no grid could be folded into the inverse bind matrices)`);
  if (done.kinds.has('normal')) parts.push(`normals ${snormUnit(q.normal, w8)}`);
  if (done.kinds.has('tangent')) parts.push(`tangents ${snormUnit(q.tangent, w8)}`);
  if (done.kinds.has('uv')) parts.push(q.uv === 12 ? 'UVs unorm16 at 12 bits' : `UVs unorm${q.uv}`);
  if (done.floatUvs) parts.push(`${done.floatUvs} UV sets outside 0–1 kept float32`);
  if (done.exponentialUvs) parts.push(`${done.exponentialUvs} UV sets outside 0–1 through EXT_meshopt_compression's EXPONENTIAL filter at ${q.uv === 12 ? '12–24 (within half a 12-bit step of their range)' : 24} bits of mantissa`);
  if (done.kinds.has('color')) parts.push(`colours unorm${q.color}`);
  if (done.kinds.has('weight')) parts.push(`skin weights unorm${q.weight}`);
  if (done.kinds.has('rotation')) parts.push(q.rotation === 12 && w8 ? "rotation keys int16 through EXT_meshopt_compression's QUATERNION filter at 12 bits" : 'rotation keys snorm16');
  const exponential = done.kinds.has('translation') ? (done.kinds.has('scale') ? 'translation and scale' : 'translation') : done.kinds.has('scale') ? 'scale' : '';
  if (exponential) parts.push(`${exponential} keys through EXT_meshopt_compression's EXPONENTIAL filter at ${q.translation} bits of mantissa`);
  const int8 = done.kinds.has('morph position int8'), int16 = done.kinds.has('morph position int16');
  if (int8 || int16) parts.push(`morph target displacements ${int8 && int16 ? 'int8 or int16' : int8 ? 'int8' : 'int16'} in steps of their mesh's position grid`);
  if (done.kinds.has('morph normal')) parts.push(`morph target normal deltas snorm${snormBits(q.normal as 8 | 16 | 'oct8')}`);
  return `quantized (KHR_mesh_quantization): ${parts.join(', ')}`;
}

/**
 * Normals (stride 3) or tangents (stride 4) made unit on the output axes, as glTF requires
 * (`done`: unitVectorsOnAxes' or unitSnormVectors' counts), each change said in a warning: zero or
 * non-finite vectors replaced (+Z; tangents perpendicular to their normals), lengths off 1 beyond
 * the validator's tolerance normalised, tangent w values other than ±1 written as their sign.
 */
function unitVectorsWarned<T extends Omit<UnitVectors, 'unit'>>(w: Writer, done: T, stride: 3 | 4, what: string): T {
  if (done.replaced) w.warn(`${what}: ${done.replaced} zero-length or non-finite vectors were replaced by ${stride === 4 ? 'unit vectors perpendicular to their normals' : '+Z'}`);
  if (done.rescaled) w.warn(`${what}: ${done.rescaled} vectors not of unit length were normalised`);
  if (done.signs) w.warn(`${what}: ${done.signs} handedness values (w) other than ±1 were written as their sign (+1 when zero or NaN)`);
  return done;
}

function clampedColors(colors: Float32Array, label: string, warn: (m: string) => void): Float32Array {
  const out = new Float32Array(colors.length);
  let changed = 0;
  for (let i = 0; i < colors.length; i++) {
    const v = colors[i]!;
    out[i] = v >= 0 ? (v <= 1 ? v : 1) : 0;
    if (out[i] !== v) changed++;
  }
  if (changed) warn(`${label}: ${changed} colour values outside 0..1 (or NaN, written as 0) were clamped`);
  return out;
}

/** Whether every value is finite, in float64 and as float32 (an inverse bind matrix glTF can hold). */
function finiteAsFloat32(m: ArrayLike<number>): boolean {
  for (let k = 0; k < 16; k++) if (!Number.isFinite(m[k]!) || !Number.isFinite(Math.fround(m[k]!))) return false;
  return true;
}

/** One glTF animation: per track, one shared input (its key times) and a sampler per channel. */
function addAnimation(w: Writer, animation: Animation, nodes: JointNode[]): void {
  const inputs = new KeyTimeInputs<number>();
  // The input accessor of `inputTimes`, made on its first use; one closure per animation.
  let inputTimes: Float32Array = new Float32Array(0);
  const makeInput = () => accessor(w, 'SCALAR', inputTimes, { bounds: true, group: ANIMATION_GROUPS.input });
  const samplers: GltfObject[] = [];
  const channels: GltfObject[] = [];
  // Each kept track's key times once (tracks share arrays; the inference is the same over duplicates).
  const keptTimes = new Set<Float32Array>();
  const endsOf = new Map<Float32Array, Float32Array>();
  let collapsed = 0;
  const exponential: { values: Float32Array; path: string; sampler: number }[] = [];
  const steps = w.shareViews && w.quantize && w.quantize.translation !== 'float' ? exponentialSteps(w, animation, w.quantize.translation) : undefined;
  let nearRest = 0;
  let nearRestRotations = 0;
  // The rotation outputs below that are normalized int16 (not the QUATERNION filter's, not float).
  const snormRotations = w.quantize !== undefined && w.quantize.rotation !== 'float' && !(w.quantize.rotation === 12 && w.shareViews);
  const slices = channelSlices(animation, nodes, snormRotations, w.builder.scratch);
  for (const track of animation.tracks) {
    const node = nodes[track.joint];
    if (!node || track.times.length === 0) {
      if (!node) w.warn(`animation ${animation.name}: a track for joint ${track.joint}, which does not exist, is left out`);
      continue;
    }
    // Finite and non-decreasing (validateAsset); glTF also wants them from 0 and strictly increasing.
    if (!increasingFromZero(track.times)) {
      w.warn(`animation ${animation.name}: a track whose key times are not increasing from 0 is left out`);
      continue;
    }
    // Key values are finite and as many as their keys (validateAsset).
    for (const path of TRS_PATHS) {
      const values = track[path];
      if (!values) continue;
      const type = path === 'rotation' ? 'VEC4' : 'VEC3';
      // A translation or scale channel at rest is found before it is copied (mrfixit.iqm: 75 of its 150).
      if (path !== 'rotation' && holdsRestOnAxes(values, node[path], w.toYUp, path === 'scale')) continue;
      // Rotations stored as normalized int16 are made in the pass that makes them unit (unit-quaternions.ts).
      const snorm = path === 'rotation' && snormRotations ? slices.snorm!.subarray(slices.snormAt, (slices.snormAt += values.length)) : undefined;
      const into = slices.floats.subarray(slices.floatsAt, (slices.floatsAt += values.length));
      const converted = path === 'translation' ? axes(w, values, 3, 'vector', into) : path === 'scale' ? axes(w, values, 3, 'scale', into) : unitQuaternions(w, values, animation, track.joint, snorm, into);
      // A channel that holds the node's rest value at every key changes nothing: no sampler
      // (glTF keeps the node's own TRS wherever an animation has no channel for it).
      if (holdsRest(converted, node[path])) continue;
      // Through the EXPONENTIAL filter: a channel within half its step of the rest value at every
      // key is left out too (the rest value is then as close as the filtered keys would be).
      if (steps && path !== 'rotation' && withinStep(converted, node[path], steps[path])) {
        nearRest++;
        continue;
      }
      // The same for rotations through the QUATERNION filter (rotation: 12): within half its step.
      if (path === 'rotation' && w.shareViews && w.quantize?.rotation === 12 && rotationsNearRest(converted, node.rotation)) {
        nearRestRotations++;
        continue;
      }
      keptTimes.add(track.times);
      // Optimizing (shared views): a translation or scale channel that holds one value at every
      // key is written with its first and last key only, the same values under LINEAR
      // interpolation (said in a warning). Not rotations: readers (ours too) renormalise an
      // interpolated quaternion, so the keys in between would come back a rounding away.
      const width = type === 'VEC4' ? 4 : 3;
      const constant = w.shareViews && path !== 'rotation' && track.times.length > 2 && holdsFirst(converted, width);
      if (constant) collapsed++;
      const times = constant ? (endsOf.get(track.times) ?? endsOf.set(track.times, Float32Array.of(track.times[0]!, track.times[track.times.length - 1]!)).get(track.times)!) : track.times;
      // (Values, not closures, made per channel: each closure cost an allocation, and under tsx a
      // __name call that defines its name, 2.9 % of the speed bar's plain GLB encode.)
      const keys = constant ? ends(converted, width) : converted;
      // The input is made on its first use, so that no accessor is left unused.
      inputTimes = times;
      const input = inputs.get(times, makeInput);
      const output = path === 'rotation' && w.quantize?.rotation === 12 && w.shareViews
        ? quaternionAccessor(w, keys)
        : path === 'rotation' && w.quantize && w.quantize.rotation !== 'float'
        ? (w.quantized.kinds.add('rotation'), accessor(w, type, snorm!, { normalized: true, group: ANIMATION_GROUPS.rotation }))
        : path !== 'rotation' && w.shareViews && w.quantize && w.quantize.translation !== 'float'
          ? (exponential.push({ values: keys, path, sampler: samplers.length }), -1)
          : accessor(w, type, keys, { group: ANIMATION_GROUPS[path] });
      // LINEAR is glTF's default interpolation, left unsaid (3.7 kB of the speed bar's JSON when said).
      const sampler = samplers.push({ input, output }) - 1;
      channels.push({ sampler, target: { node: node.index, path } });
    }
  }
  if (channels.length === 0) {
    w.warn(`animation ${animation.name} has no key that glTF can hold and is left out (a glTF animation needs a channel)`);
    return;
  }
  if (exponential.length) exponentialOutputs(w, exponential, samplers);
  if (nearRest) w.warn(`animation ${animation.name}: ${nearRest} translation or scale channels within half a quantization step (quantize.translation) of their node's rest value at every key are left out (the rest value holds)`);
  if (nearRestRotations) w.warn(`animation ${animation.name}: ${nearRestRotations} rotation channels within half a QUATERNION filter step (quantize.rotation 12) of their node's rest rotation at every key are left out (the rest rotation holds)`);
  if (collapsed) w.warn(`animation ${animation.name}: ${collapsed} translation or scale channels that hold one value at every key are written with their first and last key only (the same motion)`);
  const gltf: GltfObject = { name: animation.name, channels, samplers };
  const extras: Record<string, unknown> = {};
  if (animation.loop !== undefined) extras.loop = animation.loop;
  const inferred = frameRateOfTimes(keptTimes);
  if (inferred !== animation.frameRate && isFrameRate(animation.frameRate)) extras.frameRate = animation.frameRate;
  if (Object.keys(extras).length) gltf.extras = extras;
  w.builder.add('animations', gltf);
}

/**
 * One array for every channel's keys as written (turned, made unit) and one for the int16
 * rotations, each channel a slice of them: an array per channel was, at a few hundred bytes,
 * past the 64 that V8 keeps in its heap, so each was a buffer of its own to allocate and free
 * (raylib_guy.iqm: 94 per encode; mrfixit.iqm 218). Channels found at rest take a slice too (a few
 * unused keys, against one buffer per channel).
 */
function channelSlices(animation: Animation, nodes: JointNode[], snormRotations: boolean, scratch: WriterScratch): { floats: Float32Array; floatsAt: number; snorm?: Int16Array; snormAt: number } {
  let floats = 0;
  let rotations = 0;
  for (const track of animation.tracks) {
    if (!nodes[track.joint] || track.times.length === 0) continue;
    floats += (track.translation?.length ?? 0) + (track.rotation?.length ?? 0) + (track.scale?.length ?? 0);
    rotations += track.rotation?.length ?? 0;
  }
  return { floats: scratch.float32(floats), floatsAt: 0, snorm: snormRotations ? scratch.int16(rotations) : undefined, snormAt: 0 };
}

/** Whether every key of `values` equals `rest` (as float32). */
/** True when every element of `values` (`width` components each) has the first element's bits. */
function holdsFirst(values: Float32Array, width: number): boolean {
  for (let i = width, j = 0; i < values.length; i++, j = j + 1 === width ? 0 : j + 1) if (!Object.is(values[i], values[j])) return false;
  return true;
}

/** The first element of `values`, twice (for a channel's first and last key). */
function ends(values: Float32Array, width: number): Float32Array {
  const out = new Float32Array(width * 2);
  out.set(values.subarray(0, width));
  out.set(values.subarray(0, width), width);
  return out;
}

/** holdsRest of xyz keys as axes() would turn them (`swap`: scale factors), without the copy. */
function holdsRestOnAxes(values: Float32Array, rest: readonly number[], toYUp: boolean, swap: boolean): boolean {
  const x = Math.fround(rest[0]!), y = Math.fround(rest[1]!), z = Math.fround(rest[2]!);
  for (let i = 0; i + 2 < values.length; i += 3) {
    const sy = values[i + 1]!, sz = values[i + 2]!;
    if (values[i] !== x || (toYUp ? sz : sy) !== y || (toYUp ? (swap ? sy : -sy) : sz) !== z) return false;
  }
  return true;
}

function holdsRest(values: Float32Array, rest: readonly number[]): boolean {
  const c = rest.length;
  for (let i = 0, j = 0; i < values.length; i++, j = j + 1 === c ? 0 : j + 1) if (values[i] !== Math.fround(rest[j]!)) return false;
  return true;
}

/** A track's rotation keys on the output axes, each of unit length (unit-quaternions.ts); zero or non-finite ones become the identity. Both counted in warnings (rescaling beyond the validator's tolerance only). */
function unitQuaternions(w: Writer, values: Float32Array, animation: Animation, joint: number, snorm: Int16Array | undefined, into: Float32Array): Float32Array {
  const data = unitQuaternionsOnAxes(values, w.toYUp, QUATERNION_COUNTS, snorm, into);
  const [replaced, rescaled] = QUATERNION_COUNTS;
  if (replaced) w.warn(`animation ${animation.name} joint ${joint} rotation keys: ${replaced} zero or non-finite rotations were written as the identity`);
  if (rescaled) w.warn(`animation ${animation.name} joint ${joint} rotation keys: ${rescaled} rotations not of unit length were normalised`);
  return data;
}
