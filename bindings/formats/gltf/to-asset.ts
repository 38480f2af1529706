import { getKernels } from '../../kernels/backend.js';
import { indexWidthFor, type Kernels } from '../../kernels/kernels.js';
import { emptyAsset, type IndexArray, type Animation, type Asset, type Joint, type Mesh, type MeshAttributes, type MorphTarget, type Track } from '../../model/asset.js';
import { framesToCover, MAX_SAMPLED_FRAMES, resampleAnimation, sampleChannel } from '../../model/resample-animation.js';
import { DEFAULT_FRAME_RATE } from '../format.js';
import { AccessorReader, items } from './accessors.js';
import { fail, isObject, show, type GltfInput } from './read-gltf.js';
import { isFrameRate, wholeFrameRate } from './frame-rate.js';
import { applyTextureTransforms } from './texture-transform.js';
import { blendToBindPose, skinBindPose, type SkinBindPose } from './bind-pose.js';
import { composeTrs, invertAffine, multiply, swapYZInPlace, transformInPlace, zeroMatrix, zUpToYUpInPlace, type Mat4 } from './transforms.js';

export interface GltfToAssetOptions {
  kernels?: Kernels;
  /** 'y' keeps glTF's Y-up coordinates (`asset.upAxis = 'y'`); 'z' turns them Z-up, (x, y, z) → (x, −z, y), for IQM and UNIGINE. */
  upAxis?: 'y' | 'z';
  /** Reverse every triangle (glTF and the Asset both wind counter-clockwise). */
  flipWinding?: boolean;
  /** v → 1 − v (glTF and the Asset both put the UV origin top-left). */
  flipV?: boolean;
  /**
   * Frames per second to resample every animation at (targets that store frames: IQM, UNIGINE);
   * false keeps glTF's own key times. The IQM and UNIGINE writers resample off-grid animations themselves.
   */
  resample?: number | false;
  /** Frame rate recorded for animations whose key times fit no whole-number rate. */
  frameRate?: number;
  /**
   * Decoded bytes allowed per input byte (the file and its external buffers), plus 64 KiB: every
   * array the reader makes counts (zero-filled and sparse accessors, strip and fan expansion, a
   * mesh copied per node that uses it, skin tables, animation keys, resampling). 64 keeps the
   * README's promise; a file asking for more is refused with BAD_COUNT.
   */
  maxExpansion?: number;
  /**
   * true: the Asset's arrays are views of the input's bytes (the GLB's BIN chunk, a `.bin` from
   * `resolve`) wherever glTF stores them as the Asset holds them (float32 or unsigned indices, not
   * normalized or sparse, tightly packed, aligned): no copy, but the Asset then shares memory
   * with the input (writing to either writes both, and the Asset keeps the input's ArrayBuffer
   * alive). What the reader changes (node transforms baked, `upAxis`, `flipV`, `flipWinding`,
   * texture transforms, bind poses) is copied first: the input is never written. false (default):
   * every array is the Asset's own.
   */
  viewInput?: boolean;
}

export const GLTF_TO_ASSET_DEFAULTS: Required<Omit<GltfToAssetOptions, 'kernels'>> = {
  upAxis: 'y',
  flipWinding: false,
  flipV: false,
  resample: false,
  frameRate: DEFAULT_FRAME_RATE,
  maxExpansion: 64,
  viewInput: false,
};

const MODES = { triangles: 4, strip: 5, fan: 6 } as const;

/**
 * Extensions this reader reads, required or not: KHR_mesh_quantization only widens the accessor
 * types allowed, which the accessor reader takes anyway (and its dequantization in skins is
 * bind-pose.ts's); EXT_meshopt_compression views are decoded (meshopt-decode.ts);
 * KHR_texture_transform is applied to the UVs (texture-transform.ts). Every other used extension
 * is named in the warnings.
 */
const READABLE_REQUIRED_EXTENSIONS: readonly string[] = ['KHR_mesh_quantization', 'EXT_meshopt_compression', 'KHR_texture_transform'];
const FLOAT_TYPES = ['VEC2', 'VEC3', 'VEC4'] as const;

interface NodeInfo {
  def: Record<string, unknown>;
  parent: number;
  children: number[];
  local: Mat4;
  trs: { translation: [number, number, number]; rotation: [number, number, number, number]; scale: [number, number, number] };
}

/**
 * The Asset of a glTF: one mesh per triangle primitive of every node that has a mesh (static
 * meshes moved by their node's world transform, skinned ones as stored), the joints of every skin
 * (with their ancestors, so each joint keeps its own node's transform) as one skeleton, every
 * animation's channels on those joints as tracks. What the Asset has no place for is named in
 * `asset.warnings`; malformed input is a MeshFormatError.
 */
export function gltfToAsset(input: GltfInput, options: GltfToAssetOptions = {}): Asset {
  // Each option read once by name (a spread of the caller's options, which carry the handler's
  // own keys too, took V8's slow copy path on every read).
  const D = GLTF_TO_ASSET_DEFAULTS;
  const settings: Required<Omit<GltfToAssetOptions, 'kernels'>> = {
    upAxis: options.upAxis ?? D.upAxis,
    flipWinding: options.flipWinding ?? D.flipWinding,
    flipV: options.flipV ?? D.flipV,
    resample: options.resample ?? D.resample,
    frameRate: options.frameRate ?? D.frameRate,
    maxExpansion: options.maxExpansion ?? D.maxExpansion,
    viewInput: options.viewInput ?? D.viewInput,
  };
  const kernels = options.kernels ?? getKernels();
  const asset = emptyAsset('gltf');
  asset.upAxis = settings.upAxis;
  const warn = warner(asset.warnings);
  const at = input.jsonOffset;
  const json = input.json;
  const accessors = new AccessorReader(input, settings.maxExpansion, kernels, settings.viewInput === true);
  for (const name of strings(json.extensionsRequired)) {
    if (!READABLE_REQUIRED_EXTENSIONS.includes(name)) fail('UNSUPPORTED', `the file requires extension ${name}, which meshcodec does not read`, at);
  }
  for (const name of strings(json.extensionsUsed)) if (!READABLE_REQUIRED_EXTENSIONS.includes(name)) warn(`extension ${name} is not read`);

  const nodes = readNodes(items(json.nodes, 'nodes', at), at);
  const skins = items(json.skins, 'skins', at);
  const animationDefs = items(json.animations, 'animations', at);
  const { joints, jointOfNode } = buildSkeleton(nodes, skins, animatedNodes(animationDefs, nodes.length), at);
  if (joints.length) asset.skeleton = { joints };
  const meshDefs = items(json.meshes, 'meshes', at);
  const materials = items(json.materials, 'materials', at);
  const worldOf = worldMatrices(nodes);
  // Each skin's joint table and bind-pose correction once, however many nodes use it (module-level
  // helpers, not closures: tsx names every closure a call makes, a defineProperty each).
  const skinCache: SkinCache | undefined = skins.length ? { skins, jointOfNode, tables: new Map(), bindPoses: new Map(), accessors, worldOf, warn, at } : undefined;

  nodes.forEach((node, n) => {
    if (node.def.mesh === undefined) return;
    const meshIndex = index(node.def.mesh, meshDefs.length, `nodes[${n}].mesh`, at);
    const meshDef = meshDefs[meshIndex];
    if (!isObject(meshDef)) fail('BAD_VALUE', `meshes[${meshIndex}] is not an object`, at);
    const skin = node.def.skin === undefined ? undefined : skinTableOf(skinCache!, index(node.def.skin, skins.length, `nodes[${n}].skin`, at));
    if (!skin && jointOfNode.has(n)) warn(`mesh ${show(meshDef.name ?? meshIndex)} sits on a node that is a joint or animated; it is kept in its rest pose (the Asset does not attach meshes to joints)`);
    const primitives = items(meshDef.primitives, 'primitives', at);
    const baseName = typeof meshDef.name === 'string' ? meshDef.name : typeof node.def.name === 'string' ? node.def.name : `mesh ${meshIndex}`;
    const targetNames = isObject(meshDef.extras) && Array.isArray(meshDef.extras.targetNames) ? meshDef.extras.targetNames : [];
    primitives.forEach((primitive, p) => {
      const label = `meshes[${meshIndex}].primitives[${p}]`;
      if (!isObject(primitive)) fail('BAD_VALUE', `${label} is not an object`, at);
      const name = primitives.length > 1 ? `${baseName}#${p}` : baseName;
      const mesh = readPrimitive(accessors, kernels, primitive, name, label, skin, targetNames, warn, at);
      if (!mesh) return;
      if (primitive.material !== undefined) {
        const m = index(primitive.material, materials.length, `${label}.material`, at);
        const material = materials[m];
        mesh.material = isObject(material) && typeof material.name === 'string' ? material.name : `material ${m}`;
        applyTextureTransforms(material, mesh.attributes.uvs, label, warn, (uv) => accessors.writable(uv));
      }
      const world = worldOf(n);
      if (!skin && !isIdentity(world)) bake(mesh, world, accessors);
      const bindPose = skin ? bindPoseOf(skinCache!, node.def.skin as number) : undefined;
      if (bindPose && 'all' in bindPose) bake(mesh, bindPose.all, accessors);
      else if (bindPose) {
        ownVectors(mesh, accessors);
        blendToBindPose(mesh, bindPose.perJoint);
      }
      asset.meshes.push(mesh);
    });
  });

  const times = new Map<unknown, Float32Array>();
  animationDefs.forEach((def, a) => {
    if (!isObject(def)) fail('BAD_VALUE', `animations[${a}] is not an object`, at);
    const animation = readAnimation(accessors, times, def, a, jointOfNode, settings, warn, at);
    if (animation) asset.animations.push(animation);
  });
  if (settings.resample !== false) {
    const rate = settings.resample;
    asset.animations = asset.animations.map((animation) => {
      const frames = framesToCover(animation, rate);
      if (frames > MAX_SAMPLED_FRAMES) fail('BAD_COUNT', `animation ${animation.name}: resampling at ${rate} fps needs ${frames} frames, more than the ${MAX_SAMPLED_FRAMES} a resampled animation may have`, at);
      const floatsPerFrame = 1 + animation.tracks.reduce((sum, t) => sum + (t.translation ? 3 : 0) + (t.rotation ? 4 : 0) + (t.scale ? 3 : 0), 0);
      accessors.budget.charge(frames * floatsPerFrame * 4, `animation ${animation.name}: resampling at ${rate} fps`);
      return resampleAnimation(animation, rate);
    });
  }
  if (settings.upAxis === 'z') {
    for (const mesh of asset.meshes) ownVectors(mesh, accessors);
    toZUp(asset);
  }
  if (settings.flipWinding) for (const mesh of asset.meshes) flipTriangles((mesh.indices = accessors.writable(mesh.indices)));
  if (settings.flipV) {
    for (const mesh of asset.meshes) {
      const uvs = mesh.attributes.uvs ?? [];
      for (let set = 0; set < uvs.length; set++) {
        const uv = (uvs[set] = accessors.writable(uvs[set]!));
        for (let i = 1; i < uv.length; i += 2) uv[i] = 1 - uv[i]!;
      }
    }
  }
  return asset;
}

/** `asset.warnings`' adder: each message once. */
function warner(warnings: string[]): (message: string) => void {
  let said: Set<string> | undefined;
  return (message) => {
    said ??= new Set();
    if (!said.has(message)) { said.add(message); warnings.push(message); }
  };
}

interface SkinCache {
  skins: unknown[];
  jointOfNode: Map<number, number>;
  tables: Map<number, SkinTable>;
  bindPoses: Map<number, SkinBindPose>;
  accessors: AccessorReader;
  worldOf: (n: number) => Mat4;
  warn: (message: string) => void;
  at: number;
}

/** Skin `s`'s joint table, made once (a per-node table would be nodes × joints). */
function skinTableOf(cache: SkinCache, s: number): SkinTable {
  let table = cache.tables.get(s);
  if (!table) cache.tables.set(s, (table = skinTable(cache.skins, s, cache.jointOfNode, cache.at)));
  return table;
}

/** Where skin `s`'s bind matrices do not undo its joints' rest transforms (quantizing writers fold dequantization into them): bind-pose.ts. */
function bindPoseOf(cache: SkinCache, s: number): SkinBindPose {
  if (!cache.bindPoses.has(s)) cache.bindPoses.set(s, skinBindPose(cache.accessors, cache.skins[s], s, skinTableOf(cache, s).table, cache.worldOf, cache.warn, cache.at));
  return cache.bindPoses.get(s);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function index(value: unknown, length: number, label: string, at: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= length) fail('BAD_INDEX', `${label} ${show(value)} is not an index below ${length}`, at);
  return value;
}

function numbers(value: unknown, count: number, fallback: number[], label: string, at: number): number[] {
  if (value === undefined) return fallback;
  if (!Array.isArray(value) || value.length !== count || !value.every((v) => typeof v === 'number' && Number.isFinite(v))) fail('BAD_VALUE', `${label} is not ${count} finite numbers`, at);
  return value as number[];
}

/**
 * Every node with its parent (a node has at most one, and no node is its own ancestor) and local
 * transform. Linear: parents are assigned from the children lists, then one walk down from the
 * roots reaches every node unless the graph has a cycle (a node on or below a cycle has no root above it).
 */
function readNodes(defs: unknown[], at: number): NodeInfo[] {
  const nodes = defs.map((def, n): NodeInfo => {
    if (!isObject(def)) fail('BAD_VALUE', `nodes[${n}] is not an object`, at);
    const label = `nodes[${n}]`;
    if (def.matrix !== undefined) {
      const m = numbers(def.matrix, 16, [], `${label}.matrix`, at).slice();
      return { def, parent: -1, children: [], local: m, trs: decompose(m) };
    }
    const translation = numbers(def.translation, 3, [0, 0, 0], `${label}.translation`, at) as [number, number, number];
    const rotation = numbers(def.rotation, 4, [0, 0, 0, 1], `${label}.rotation`, at) as [number, number, number, number];
    const scale = numbers(def.scale, 3, [1, 1, 1], `${label}.scale`, at) as [number, number, number];
    return { def, parent: -1, children: [], local: composeTrs(translation, rotation, scale), trs: { translation, rotation, scale } };
  });
  nodes.forEach((node, n) => {
    for (const child of items(node.def.children, 'children', at)) {
      const c = index(child, nodes.length, `nodes[${n}].children`, at);
      if (c === n) fail('BAD_VALUE', `node ${n} is its own child`, at);
      if (nodes[c]!.parent >= 0) fail('BAD_VALUE', `node ${c} has more than one parent`, at);
      nodes[c]!.parent = n;
      node.children.push(c);
    }
  });
  const reached = new Uint8Array(nodes.length);
  const stack: number[] = [];
  nodes.forEach((node, n) => { if (node.parent < 0) stack.push(n); });
  while (stack.length) {
    const n = stack.pop()!;
    reached[n] = 1;
    for (const c of nodes[n]!.children) stack.push(c);
  }
  const cut = reached.indexOf(0);
  if (cut >= 0) fail('BAD_VALUE', `node ${cut} is its own ancestor or below one that is (the node hierarchy has a cycle)`, at);
  return nodes;
}

/**
 * A node's world matrix, computed on demand: the walk up stops at the first ancestor already
 * known, and every matrix on the way is kept, so each node's matrix is computed once (linear in
 * the nodes, at any depth, without recursion).
 */
function worldMatrices(nodes: NodeInfo[]): (n: number) => Mat4 {
  const worlds = new Map<number, Mat4>();
  return (n) => {
    const path: number[] = [];
    let p = n;
    while (p >= 0 && !worlds.has(p)) { path.push(p); p = nodes[p]!.parent; }
    let world = p >= 0 ? worlds.get(p) : undefined;
    for (let i = path.length - 1; i >= 0; i--) {
      const node = nodes[path[i]!]!;
      world = world ? multiply(world, node.local) : node.local;
      worlds.set(path[i]!, world);
    }
    return worlds.get(n)!;
  };
}

/** Translation, rotation and scale of an affine matrix without shear (a negative determinant flips X scale). */
function decompose(m: Mat4): NodeInfo['trs'] {
  const sx0 = Math.hypot(m[0]!, m[1]!, m[2]!);
  const sy = Math.hypot(m[4]!, m[5]!, m[6]!);
  const sz = Math.hypot(m[8]!, m[9]!, m[10]!);
  const det = m[0]! * (m[5]! * m[10]! - m[6]! * m[9]!) - m[4]! * (m[1]! * m[10]! - m[2]! * m[9]!) + m[8]! * (m[1]! * m[6]! - m[2]! * m[5]!);
  const sx = det < 0 ? -sx0 : sx0;
  const r = [m[0]! / (sx || 1), m[1]! / (sx || 1), m[2]! / (sx || 1), m[4]! / (sy || 1), m[5]! / (sy || 1), m[6]! / (sy || 1), m[8]! / (sz || 1), m[9]! / (sz || 1), m[10]! / (sz || 1)];
  const trace = r[0]! + r[4]! + r[8]!;
  let q: [number, number, number, number];
  if (trace > 0) {
    const s = Math.sqrt(trace + 1) * 2;
    q = [(r[5]! - r[7]!) / s, (r[6]! - r[2]!) / s, (r[1]! - r[3]!) / s, s / 4];
  } else if (r[0]! > r[4]! && r[0]! > r[8]!) {
    const s = Math.sqrt(1 + r[0]! - r[4]! - r[8]!) * 2;
    q = [s / 4, (r[3]! + r[1]!) / s, (r[6]! + r[2]!) / s, (r[5]! - r[7]!) / s];
  } else if (r[4]! > r[8]!) {
    const s = Math.sqrt(1 + r[4]! - r[0]! - r[8]!) * 2;
    q = [(r[3]! + r[1]!) / s, s / 4, (r[7]! + r[5]!) / s, (r[6]! - r[2]!) / s];
  } else {
    const s = Math.sqrt(1 + r[8]! - r[0]! - r[4]!) * 2;
    q = [(r[6]! + r[2]!) / s, (r[7]! + r[5]!) / s, s / 4, (r[1]! - r[3]!) / s];
  }
  const length = Math.hypot(...q) || 1;
  return { translation: [m[12]!, m[13]!, m[14]!], rotation: q.map((v) => v / length) as NodeInfo['trs']['rotation'], scale: [sx, sy, sz] };
}

/** Nodes that animation channels move (translation, rotation, scale), in node order. */
function animatedNodes(animations: unknown[], nodeCount: number): number[] {
  const moved = new Set<number>();
  for (const animation of animations) {
    if (!isObject(animation) || !Array.isArray(animation.channels)) continue;
    for (const channel of animation.channels as unknown[]) {
      if (!isObject(channel) || !isObject(channel.target)) continue;
      const { node, path } = channel.target;
      if (typeof node === 'number' && Number.isInteger(node) && node >= 0 && node < nodeCount && path !== 'weights') moved.add(node);
    }
  }
  return [...moved].sort((a, b) => a - b);
}

/**
 * The skeleton: the joints of every skin, then the nodes animations move, each with all its
 * ancestors, parents first, each from its node's own transform.
 */
function buildSkeleton(nodes: NodeInfo[], skins: unknown[], animated: number[], at: number): { joints: Joint[]; jointOfNode: Map<number, number> } {
  const jointOfNode = new Map<number, number>();
  const joints: Joint[] = [];
  skins.forEach((skin, s) => {
    if (!isObject(skin)) fail('BAD_VALUE', `skins[${s}] is not an object`, at);
    const list_ = items(skin.joints, 'joints', at);
    if (list_.length === 0) fail('BAD_COUNT', `skins[${s}] has no joints`, at);
    for (const joint of list_) placeJoint(nodes, jointOfNode, joints, index(joint, nodes.length, `skins[${s}].joints`, at));
  });
  for (const node of animated) placeJoint(nodes, jointOfNode, joints, node);
  return { joints, jointOfNode };
}

/** Node `n` and its ancestors not yet placed, as joints, from the top down (no recursion: chains may be deep). */
function placeJoint(nodes: NodeInfo[], jointOfNode: Map<number, number>, joints: Joint[], n: number): void {
  if (jointOfNode.has(n)) return;
  const parentOfN = nodes[n]!.parent;
  if (parentOfN < 0 || jointOfNode.has(parentOfN)) {
    addJoint(nodes, jointOfNode, joints, n);
    return;
  }
  const path: number[] = [];
  for (let p = n; p >= 0 && !jointOfNode.has(p); p = nodes[p]!.parent) path.push(p);
  for (let i = path.length - 1; i >= 0; i--) addJoint(nodes, jointOfNode, joints, path[i]!);
}

/** Node `m` as the next joint (its parent, if any, already placed). */
function addJoint(nodes: NodeInfo[], jointOfNode: Map<number, number>, joints: Joint[], m: number): void {
  const node = nodes[m]!;
  const parent = node.parent >= 0 ? jointOfNode.get(node.parent)! : -1;
  const { translation: t, rotation: r, scale: z } = node.trs;
  jointOfNode.set(m, joints.length);
  joints.push({ name: typeof node.def.name === 'string' ? node.def.name : `node ${m}`, parent, translation: [t[0], t[1], t[2]], rotation: [r[0], r[1], r[2], r[3]], scale: [z[0], z[1], z[2]] });
}

/** One skin's joints as skeleton joints: `table[i]` is the skeleton joint of skin joint i; `identity` when table[i] = i. */
interface SkinTable {
  table: Uint16Array;
  identity: boolean;
}

function skinTable(skins: unknown[], s: number, jointOfNode: Map<number, number>, at: number): SkinTable {
  const joints = items((skins[s] as Record<string, unknown>).joints, 'joints', at).map((node) => jointOfNode.get(node as number)!);
  const beyond = joints.findIndex((joint) => joint > 0xffff);
  if (beyond >= 0) fail('UNSUPPORTED', `skins[${s}]: joint ${beyond} is skeleton joint ${joints[beyond]}, beyond the 65536 joints a skinned Asset mesh can name`, at);
  return { table: Uint16Array.from(joints), identity: joints.every((joint, i) => joint === i) };
}

function isIdentity(m: Mat4): boolean {
  return m.every((v, i) => v === (i % 5 === 0 ? 1 : 0));
}

/**
 * The mesh's positions, normals, tangents and morph displacements its own (copies of those that
 * view the read's bytes, viewInput), before a pass changes them in place.
 */
function ownVectors(mesh: Mesh, accessors: AccessorReader): void {
  const a = mesh.attributes;
  a.positions = accessors.writable(a.positions);
  if (a.normals) a.normals = accessors.writable(a.normals);
  if (a.tangents) a.tangents = accessors.writable(a.tangents);
  for (const target of mesh.targets ?? []) {
    target.positions = accessors.writable(target.positions);
    if (target.normals) target.normals = accessors.writable(target.normals);
  }
}

/** Moves a static mesh by its node's world matrix (normals by the inverse transpose, winding kept when the matrix mirrors). */
function bake(mesh: Mesh, world: Mat4, accessors: AccessorReader): void {
  ownVectors(mesh, accessors);
  const a = mesh.attributes;
  transformInPlace(world, a.positions, 3, true);
  const inverse = invertAffine(world);
  if (inverse) {
    const normalMatrix = zeroMatrix();
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) normalMatrix[c * 4 + r] = inverse[r * 4 + c]!;
    if (a.normals) { transformInPlace(normalMatrix, a.normals, 3, false); normalize(a.normals, 3); }
  }
  if (a.tangents) { transformInPlace(world, a.tangents, 4, false); normalize(a.tangents, 4); }
  for (const target of mesh.targets ?? []) transformInPlace(world, target.positions, 3, false);
  const det = world[0]! * (world[5]! * world[10]! - world[6]! * world[9]!) - world[4]! * (world[1]! * world[10]! - world[2]! * world[9]!) + world[8]! * (world[1]! * world[6]! - world[2]! * world[5]!);
  if (det < 0) flipTriangles((mesh.indices = accessors.writable(mesh.indices)));
}

/** Scales the xyz of each element to unit length (in double precision, where float32 squares cannot overflow). */
function normalize(data: Float32Array, stride: number): void {
  for (let i = 0; i < data.length; i += stride) {
    const x = data[i]!, y = data[i + 1]!, z = data[i + 2]!;
    const length = Math.sqrt(x * x + y * y + z * z);
    if (length > 0) {
      data[i] = x / length;
      data[i + 1] = y / length;
      data[i + 2] = z / length;
    }
  }
}

function flipTriangles(indices: Mesh['indices']): void {
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const b = indices[t + 1]!;
    indices[t + 1] = indices[t + 2]!;
    indices[t + 2] = b;
  }
}

/** Semantics always kept when present (the checks below need no pattern for them). */
const KEPT_SEMANTICS: ReadonlySet<string> = new Set(['POSITION', 'NORMAL', 'TANGENT', 'TEXCOORD_0', 'COLOR_0', 'JOINTS_0', 'WEIGHTS_0']);
const NO_INDICES = new Uint8Array(0);
const TEXCOORDS = Array.from({ length: 8 }, (_, set) => `TEXCOORD_${set}`);

/** `TEXCOORD_${set}`, the first eight made once. */
function texcoord(set: number): string {
  return set < TEXCOORDS.length ? TEXCOORDS[set]! : `TEXCOORD_${set}`;
}

/** A vertex attribute of `count` elements, as floats. */
function readAttribute(accessors: AccessorReader, attributes: Record<string, unknown>, semantic: string, types: readonly string[], label: string, count: number, at: number): ReturnType<AccessorReader['floats']> {
  const result = accessors.floats(attributes[semantic], `${label} ${semantic}`, types);
  if (result.count !== count) fail('BAD_COUNT', `${label}: ${semantic} has ${result.count} elements, POSITION ${count}`, at);
  return result;
}

function readPrimitive(
  accessors: AccessorReader, kernels: Kernels, primitive: Record<string, unknown>, name: string, label: string,
  skin: SkinTable | undefined, targetNames: unknown[], warn: (m: string) => void, at: number,
): Mesh | undefined {
  const mode = primitive.mode ?? MODES.triangles;
  if (mode !== MODES.triangles && mode !== MODES.strip && mode !== MODES.fan) {
    warn(`${label}: mode ${show(mode)} (points or lines) is not kept; the Asset holds triangles`);
    return undefined;
  }
  const attributes = primitive.attributes;
  if (!isObject(attributes)) fail('BAD_VALUE', `${label}.attributes is not an object`, at);
  if (attributes.POSITION === undefined) fail('BAD_VALUE', `${label} has no POSITION`, at);
  const position = accessors.floats(attributes.POSITION, `${label} POSITION`, ['VEC3']);
  const count = position.count;
  const out: MeshAttributes = { positions: position.data };
  if (attributes.NORMAL !== undefined) out.normals = readAttribute(accessors, attributes, 'NORMAL', ['VEC3'], label, count, at).data;
  if (attributes.TANGENT !== undefined) out.tangents = readAttribute(accessors, attributes, 'TANGENT', ['VEC4'], label, count, at).data;
  const uvs: Float32Array[] = [];
  for (let set = 0; attributes[texcoord(set)] !== undefined; set++) uvs.push(readAttribute(accessors, attributes, texcoord(set), ['VEC2'], label, count, at).data);
  if (uvs.length) out.uvs = uvs;
  if (attributes.COLOR_0 !== undefined) {
    const color = readAttribute(accessors, attributes, 'COLOR_0', ['VEC3', 'VEC4'], label, count, at);
    if (color.components === 3) accessors.budget.charge(count * 16, `${label} COLOR_0 as RGBA`);
    out.colors = color.components === 4 ? color.data : rgbToRgba(color.data);
  }
  if (attributes.COLOR_1 !== undefined) warn(`${label}: colour sets after the first are not kept`);
  if (attributes.JOINTS_0 !== undefined && attributes.WEIGHTS_0 !== undefined) {
    if (!skin) warn(`${label}: JOINTS_0 and WEIGHTS_0 on a node without a skin are not kept`);
    else {
      const joints = accessors.integers(attributes.JOINTS_0, `${label} JOINTS_0`, ['VEC4']);
      if (joints.count !== count) fail('BAD_COUNT', `${label}: JOINTS_0 has ${joints.count} elements, POSITION ${count}`, at);
      out.weights = readAttribute(accessors, attributes, 'WEIGHTS_0', ['VEC4'], label, count, at).data;
      accessors.budget.charge(joints.data.length * 2, `${label} JOINTS_0 as skeleton joints`);
      out.joints = skeletonJoints(kernels, joints.data, skin, label, at);
    }
  } else if (attributes.JOINTS_0 !== undefined || attributes.WEIGHTS_0 !== undefined) warn(`${label}: ${attributes.JOINTS_0 !== undefined ? 'JOINTS_0 without WEIGHTS_0' : 'WEIGHTS_0 without JOINTS_0'} is not kept`);
  if (attributes.JOINTS_1 !== undefined) warn(`${label}: influences after the first four (JOINTS_1, WEIGHTS_1) are not kept`);
  // The indices are set last (NO_INDICES is never handed out).
  const mesh: Mesh = { name, attributes: out, indices: NO_INDICES };
  const semantics = Object.keys(attributes);
  for (const semantic of semantics) {
    if (!semantic.startsWith('_')) continue;
    const extra = readAttribute(accessors, attributes, semantic, ['SCALAR', ...FLOAT_TYPES], label, count, at);
    (mesh.extras ??= {})[semantic.slice(1).toLowerCase()] = { components: extra.components, data: extra.data };
  }
  for (const semantic of semantics) {
    if (KEPT_SEMANTICS.has(semantic)) continue;
    if (!/^(POSITION|NORMAL|TANGENT|TEXCOORD_\d+|COLOR_\d+|JOINTS_\d+|WEIGHTS_\d+|_.*)$/.test(semantic)) warn(`${label}: attribute ${semantic} is not kept`);
    else if (/^TEXCOORD_\d+$/.test(semantic) && Number(semantic.slice(9)) >= uvs.length) warn(`${label}: ${semantic} after a missing set is not kept`);
  }

  const targets = items(primitive.targets, 'targets', at);
  if (targets.length) {
    mesh.targets = targets.map((target, t): MorphTarget => {
      if (!isObject(target)) fail('BAD_VALUE', `${label}.targets[${t}] is not an object`, at);
      const targetAttribute = (semantic: string) => {
        const result = accessors.floats(target[semantic], `${label} target ${t} ${semantic}`, ['VEC3']);
        if (result.count !== count) fail('BAD_COUNT', `${label}: target ${t} ${semantic} has ${result.count} elements, POSITION ${count}`, at);
        return result.data;
      };
      if (target.POSITION === undefined) accessors.budget.charge(count * 12, `${label} target ${t} POSITION (zeros)`);
      const positions = target.POSITION !== undefined ? targetAttribute('POSITION') : new Float32Array(count * 3);
      const morph: MorphTarget = { name: typeof targetNames[t] === 'string' ? targetNames[t] : `target ${t}`, positions };
      if (target.NORMAL !== undefined) morph.normals = targetAttribute('NORMAL');
      if (target.TANGENT !== undefined) warn(`${label}: morph target tangents are not kept`);
      return morph;
    });
  }

  let corners: IndexArray;
  if (primitive.indices !== undefined) {
    corners = accessors.integers(primitive.indices, `${label} indices`, ['SCALAR'], true).data;
    if (largestIndex(kernels, corners) >= count) {
      const bad = corners.findIndex((i) => i >= count);
      fail('BAD_INDEX', `${label}: index ${corners[bad]} at position ${bad} is beyond the ${count} vertices`, at);
    }
  } else {
    accessors.budget.charge(count * 4, `${label} vertex order (no indices)`);
    corners = new Uint32Array(count);
    for (let i = 0; i < count; i++) corners[i] = i;
  }
  const triangleCorners = mode === MODES.triangles ? corners.length - (corners.length % 3) : Math.max(0, corners.length - 2) * 3;
  if (mode !== MODES.triangles) accessors.budget.charge(triangleCorners * 4, `${label} ${mode === MODES.strip ? 'strip' : 'fan'} as triangles`);
  else if (corners.length % 3) accessors.budget.charge(triangleCorners * corners.BYTES_PER_ELEMENT, `${label} whole triangles`);
  const triangles = toTriangleList(corners, mode as number);
  if (mode === MODES.triangles && corners.length % 3) warn(`${label}: ${corners.length % 3} indices after the last whole triangle are not kept`);
  if (triangles.BYTES_PER_ELEMENT !== indexWidthFor(count)) accessors.budget.charge(triangles.length * indexWidthFor(count), `${label} indices`);
  mesh.indices = toIndexWidth(triangles, count);
  return mesh;
}

/** Each skin joint index as its skeleton joint (a plain copy when the skin lists the skeleton's first joints in order). */
function skeletonJoints(kernels: Kernels, skinJoints: Uint8Array | Uint16Array | Uint32Array, skin: SkinTable, label: string, at: number): Uint16Array {
  const { table } = skin;
  if (largestIndex(kernels, skinJoints) >= table.length) {
    const j = skinJoints.find((value) => value >= table.length);
    fail('BAD_INDEX', `${label}: JOINTS_0 names joint ${j} of a skin with ${table.length}`, at);
  }
  const out = new Uint16Array(skinJoints.length);
  if (skin.identity) {
    out.set(skinJoints);
  } else {
    for (let i = 0; i < skinJoints.length; i++) out[i] = table[skinJoints[i]!]!;
  }
  return out;
}

/** The largest of unsigned integers of any width (−1 when there are none), by the kernel for that width. */
function largestIndex(kernels: Kernels, values: IndexArray): number {
  if (values.length === 0) return -1;
  if (values instanceof Uint8Array) return kernels.raw.maxIndexU8(values);
  if (values instanceof Uint16Array) return kernels.raw.maxIndexU16(values);
  return kernels.raw.maxIndexU32(values);
}

/** Indices (all below `vertexCount`) in the Asset's width for that many vertices (see indexWidthFor), copied only when the width changes. */
function toIndexWidth(indices: IndexArray, vertexCount: number): IndexArray {
  const width = indexWidthFor(vertexCount);
  if (indices.BYTES_PER_ELEMENT === width) return indices;
  const out = width === 1 ? new Uint8Array(indices.length) : width === 2 ? new Uint16Array(indices.length) : new Uint32Array(indices.length);
  out.set(indices);
  return out;
}

function rgbToRgba(rgb: Float32Array): Float32Array {
  // Moved as bits: a float32 read into a number may lose a signalling NaN's bits, depending on the JIT.
  const out = new Float32Array((rgb.length / 3) * 4);
  const from = new Uint32Array(rgb.buffer, rgb.byteOffset, rgb.length);
  const to = new Uint32Array(out.buffer);
  const one = 0x3f800000;
  for (let v = 0, i = 0, o = 0; v < rgb.length / 3; v++, i += 3, o += 4) {
    to[o] = from[i]!;
    to[o + 1] = from[i + 1]!;
    to[o + 2] = from[i + 2]!;
    to[o + 3] = one;
  }
  return out;
}

/** Triangle strips and fans as lists (strips alternate their winding back, as glTF defines). */
function toTriangleList(corners: IndexArray, mode: number): IndexArray {
  if (mode === MODES.triangles) return corners.length % 3 ? corners.slice(0, corners.length - (corners.length % 3)) : corners;
  const count = Math.max(0, corners.length - 2);
  const out = new Uint32Array(count * 3);
  for (let t = 0, o = 0; t < count; t++, o += 3) {
    if (mode === MODES.fan) {
      out[o] = corners[t + 1]!;
      out[o + 1] = corners[t + 2]!;
      out[o + 2] = corners[0]!;
    } else {
      const odd = t & 1;
      out[o] = corners[t + odd]!;
      out[o + 1] = corners[t + 1 - odd]!;
      out[o + 2] = corners[t + 2]!;
    }
  }
  return out;
}

interface ChannelKeys {
  times: Float32Array;
  values: Float32Array;
}

const SCALAR = ['SCALAR'] as const;
const VEC3 = ['VEC3'] as const;
const VEC4 = ['VEC4'] as const;

/** A joint's channels, one per path, in a fixed shape (an object given its paths as they come has one shape per order, and keyed reads of it cost more than the rest of a channel). */
class JointChannels {
  translation: ChannelKeys | undefined = undefined;
  rotation: ChannelKeys | undefined = undefined;
  scale: ChannelKeys | undefined = undefined;
  /** The channels in the order they were read (the first one's times are the track's when all agree). */
  readonly order: ChannelKeys[] = [];

  get(path: 'translation' | 'rotation' | 'scale'): ChannelKeys | undefined {
    return path === 'translation' ? this.translation : path === 'rotation' ? this.rotation : this.scale;
  }

  set(path: 'translation' | 'rotation' | 'scale', keys: ChannelKeys): void {
    if (path === 'translation') this.translation = keys;
    else if (path === 'rotation') this.rotation = keys;
    else this.scale = keys;
    this.order.push(keys);
  }
}

/** One glTF animation as Asset tracks: channels grouped per joint on the union of their key times. */
function readAnimation(
  accessors: AccessorReader, timesOf: Map<unknown, Float32Array>, def: Record<string, unknown>, a: number, jointOfNode: Map<number, number>,
  settings: Required<Omit<GltfToAssetOptions, 'kernels'>>, warn: (m: string) => void, at: number,
): Animation | undefined {
  const name = typeof def.name === 'string' ? def.name : `animation ${a}`;
  const samplers = items(def.samplers, 'samplers', at);
  const byJoint = new Map<number, JointChannels>();
  items(def.channels, 'channels', at).forEach((channel, c) => {
    const label = `animations[${a}].channels[${c}]`;
    if (!isObject(channel) || !isObject(channel.target)) fail('BAD_VALUE', `${label} is not {sampler, target}`, at);
    const path = channel.target.path;
    if (path === 'weights') { warn(`animation ${name}: morph target weight keys are not kept`); return; }
    if (path !== 'translation' && path !== 'rotation' && path !== 'scale') { warn(`animation ${name}: channel path ${show(path)} is not kept`); return; }
    if (channel.target.node === undefined) return;
    const joint = jointOfNode.get(channel.target.node as number);
    if (joint === undefined) return;
    const s = index(channel.sampler, samplers.length, `${label}.sampler`, at);
    const sampler = samplers[s];
    if (!isObject(sampler)) fail('BAD_VALUE', `animations[${a}].samplers[${s}] is not an object`, at);
    const channels = byJoint.get(joint) ?? new JointChannels();
    if (channels.get(path)) { warn(`animation ${name}: a second ${path} channel on one joint is not kept`); return; }
    // Key times are read once per accessor: samplers and animations commonly share them.
    let times = timesOf.get(sampler.input);
    if (!times) {
      times = accessors.floats(sampler.input, `animations[${a}].samplers[${s}] input`, SCALAR).data;
      for (let k = 0; k < times.length; k++) {
        if (!Number.isFinite(times[k]!) || times[k]! < 0 || (k > 0 && !(times[k]! > times[k - 1]!))) fail('BAD_VALUE', `animations[${a}].samplers[${s}]: key times are not increasing from 0 (key ${k})`, at);
      }
      timesOf.set(sampler.input, times);
    }
    const components = path === 'rotation' ? 4 : 3;
    const output = accessors.floats(sampler.output, `animations[${a}].samplers[${s}] output`, components === 4 ? VEC4 : VEC3);
    const interpolation = sampler.interpolation ?? 'LINEAR';
    const perKey = interpolation === 'CUBICSPLINE' ? 3 : 1;
    if (interpolation !== 'LINEAR' && interpolation !== 'STEP' && interpolation !== 'CUBICSPLINE') fail('BAD_VALUE', `animations[${a}].samplers[${s}].interpolation ${show(interpolation)}`, at);
    if (output.count !== times.length * perKey) fail('BAD_COUNT', `animations[${a}].samplers[${s}]: ${output.count} outputs for ${times.length} keys`, at);
    let values = output.data;
    if (perKey === 3) {
      warn(`animation ${name}: cubic-spline tangents are not kept (keys are interpolated linearly)`);
      accessors.budget.charge(times.length * components * 4, `animations[${a}].samplers[${s}] values without tangents`);
      values = new Float32Array(times.length * components);
      for (let k = 0; k < times.length; k++) values.set(output.data.subarray((k * 3 + 1) * components, (k * 3 + 2) * components), k * components);
    }
    if (interpolation === 'STEP') warn(`animation ${name}: step interpolation is not kept (keys are interpolated linearly)`);
    channels.set(path, { times, values });
    byJoint.set(joint, channels);
  });
  if (byJoint.size === 0) {
    warn(`animation ${name} moves no joint and is not kept`);
    return undefined;
  }
  const tracks: Track[] = [];
  for (const [joint, channels] of byJoint) {
    const { translation, rotation, scale } = channels;
    // The times of the channel read first.
    const first = channels.order[0]!.times;
    const shared = (!translation || sameTimes(translation.times, first)) && (!rotation || sameTimes(rotation.times, first)) && (!scale || sameTimes(scale.times, first));
    let times = first;
    if (!shared) {
      const present = channels.order;
      const keys = present.reduce((sum, c) => sum + c.times.length, 0);
      accessors.budget.charge(keys * 4 * (1 + present.length * 4), `animation ${name}: channels of joint ${joint} on one set of key times`);
      times = unionTimes(present.map((c) => c.times));
    }
    const track: Track = { joint, times };
    if (translation) track.translation = shared ? translation.values : sampleChannel(translation.times, translation.values, 3, times);
    if (rotation) track.rotation = shared ? rotation.values : sampleChannel(rotation.times, rotation.values, 4, times);
    if (scale) track.scale = shared ? scale.values : sampleChannel(scale.times, scale.values, 3, times);
    tracks.push(track);
  }
  // Our writer records the source's rate where the keys alone would not give it back.
  const extras = isObject(def.extras) ? def.extras : {};
  const stored = typeof extras.frameRate === 'number' && isFrameRate(extras.frameRate) ? extras.frameRate : undefined;
  const frameRate = stored ?? wholeFrameRate(tracks) ?? settings.frameRate;
  const animation: Animation = { name, frameRate, frameCount: 0, tracks };
  if (typeof extras.loop === 'boolean') animation.loop = extras.loop;
  animation.frameCount = framesToCover(animation, frameRate);
  return animation;
}

function sameTimes(a: Float32Array, b: Float32Array): boolean {
  return a === b || (a.length === b.length && a.every((t, i) => t === b[i]));
}

function unionTimes(lists: Float32Array[]): Float32Array {
  const all = Float32Array.from(new Set(lists.flatMap((l) => Array.from(l))));
  return all.sort();
}

/** Y-up to Z-up, everything that has a direction: (x, y, z) → (x, −z, y). */
function toZUp(asset: Asset): void {
  const turn = (data: Float32Array | undefined, stride: number) => { if (data) zUpToYUpInPlace(data, stride, true); };
  for (const mesh of asset.meshes) {
    const a = mesh.attributes;
    turn(a.positions, 3);
    turn(a.normals, 3);
    turn(a.tangents, 4);
    for (const target of mesh.targets ?? []) { turn(target.positions, 3); turn(target.normals, 3); }
  }
  for (const joint of asset.skeleton?.joints ?? []) {
    const t = Float32Array.from(joint.translation);
    const r = Float32Array.from(joint.rotation);
    const s = Float32Array.from(joint.scale);
    turn(t, 3);
    turn(r, 4);
    swapYZInPlace(s, 3);
    joint.translation = [t[0]!, t[1]!, t[2]!];
    joint.rotation = [r[0]!, r[1]!, r[2]!, r[3]!];
    joint.scale = [s[0]!, s[1]!, s[2]!];
  }
  for (const animation of asset.animations) {
    for (const track of animation.tracks) {
      if (track.translation) { track.translation = track.translation.slice(); turn(track.translation, 3); }
      if (track.rotation) { track.rotation = track.rotation.slice(); turn(track.rotation, 4); }
      if (track.scale) { track.scale = track.scale.slice(); swapYZInPlace(track.scale, 3); }
    }
  }
  asset.upAxis = 'z';
}
