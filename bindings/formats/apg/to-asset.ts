import { sampleChannel } from '../../model/resample-animation.js';
import { textPositionsOf, type TextPosition, type TextPositions } from './text-positions.js';
import { emptyAsset, type Animation, type Asset, type IndexArray, type Joint, type Mesh, type Track } from '../../model/asset.js';
import { weldVerticesBySort } from '../../kernels/weld-sort.js';
import type { Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { MeshFormatError } from '../../io/errors.js';
import { DEFAULT_FRAME_RATE } from '../format.js';
import type { ApgAnimation, ApgDocument, ApgKeyBlock, ApgVertexArray } from './apg-document.js';
import { decompose4, identity4, invertAffine4, multiply4, type Matrix4 } from './matrices.js';

export interface ApgToAssetOptions {
  kernels?: Kernels;
  /** Recorded as the animations' frame rate (apg times are seconds and store none); default 30. */
  frameRate?: number;
}

/**
 * Converts a document to the Asset model: the triangle soup becomes an indexed mesh by welding
 * vertices whose values are all identical (weldVertices kernel), the skeleton comes from the
 * hierarchy (one joint per node) with bind poses from the inverted offset matrices, and each
 * node's tra/rot/sca keys become one track (times merged, channels sampled where they differ).
 */
export function apgToAsset(document: ApgDocument, options: ApgToAssetOptions = {}): Asset {
  const kernels = options.kernels ?? getKernels();
  const asset = emptyAsset('apg');
  const warn = (message: string) => { if (!asset.warnings.includes(message)) asset.warnings.push(message); };
  // Where the document's parts start in its file (none for a document built in memory), for errors.
  const positions = textPositionsOf(document);
  const joints = buildSkeleton(document, warn, positions);
  if (joints.length) asset.skeleton = { joints };
  const mesh = buildMesh(document, kernels, joints.length, nodeOfBone(document), warn, positions);
  if (mesh) asset.meshes.push(mesh);
  const frameRate = options.frameRate ?? DEFAULT_FRAME_RATE;
  for (const animation of document.animations) asset.animations.push(buildAnimation(animation, joints.length, frameRate, warn, positions));
  if (document.rootTransform && !isIdentity(document.rootTransform)) warn('the apg root transform is not identity and was not applied');
  return asset;
}

/** Refuses the document; `at` is the line (and column) of the block at fault, for documents read from text. */
function fail(code: 'BAD_COUNT' | 'BAD_INDEX' | 'BAD_VALUE', detail: string, at?: TextPosition): never {
  throw new MeshFormatError({ code, format: 'apg', ...at }, detail);
}

/** Node index for each bone id (the hierarchy's bone_id), or the bone itself without a hierarchy. */
function nodeOfBone(document: ApgDocument): Map<number, number> {
  const map = new Map<number, number>();
  if (document.hierarchy) document.hierarchy.forEach((node, i) => { if (node.boneId >= 0 && !map.has(node.boneId)) map.set(node.boneId, i); });
  else for (let b = 0; b < boneCount(document); b++) map.set(b, b);
  return map;
}

function boneCount(document: ApgDocument): number {
  return Math.max(document.skeleton?.bones ?? 0, (document.offsetMatrices?.length ?? 0) / 16);
}

function buildSkeleton(document: ApgDocument, warn: (m: string) => void, positions: TextPositions | undefined): Joint[] {
  const nodes = document.hierarchy ?? Array.from({ length: boneCount(document) }, (_, b) => ({ parent: -1, boneId: b }));
  const offsets = document.offsetMatrices;
  const globals: Matrix4[] = [];
  return nodes.map((node, i) => {
    if (node.parent >= i) fail('BAD_VALUE', `hierarchy node ${i} has parent ${node.parent}: parents must come before their children`, positions?.positionOf(node));
    const parentGlobal = node.parent >= 0 ? globals[node.parent]! : identity4();
    let global = parentGlobal;
    if (node.boneId >= 0 && offsets && node.boneId * 16 + 16 <= offsets.length) {
      const inverse = invertAffine4(offsets.subarray(node.boneId * 16, node.boneId * 16 + 16));
      if (inverse) global = inverse;
      else warn(`the offset matrix of bone ${node.boneId} cannot be inverted; its bind pose is its parent's`);
    }
    globals.push(global);
    const local = multiply4(invertAffine4(parentGlobal) ?? identity4(), global);
    const trs = decompose4(local);
    return { name: node.boneId >= 0 ? `bone${node.boneId}` : `node${i}`, parent: node.parent, ...trs };
  });
}

function buildMesh(document: ApgDocument, kernels: Kernels, jointCount: number, nodes: Map<number, number>, warn: (m: string) => void, positions: TextPositions | undefined): Mesh | undefined {
  const arrays = document.vertexArrays;
  const byName = (name: string) => arrays.find((a) => a.name === name);
  const vp = byName('vp');
  if (!vp) {
    if (document.vertexCount > 0) warn('the apg file has no @vp block: its vertices were dropped');
    return undefined;
  }
  if (vp.components !== 3) fail('BAD_VALUE', `@vp has comps ${vp.components}; positions need 3`);
  // A document built by hand may disagree with itself: never read past a block's values.
  for (const a of arrays) if (a.values.length !== document.vertexCount * a.components) fail('BAD_COUNT', `@${a.name} holds ${a.values.length} values, not ${document.vertexCount} vertices × ${a.components} comps`, positions?.positionOf(a));
  const corners = document.vertexCount - (document.vertexCount % 3);
  if (corners !== document.vertexCount) warn(`${document.vertexCount} vertices is not a whole number of triangles: the last ${document.vertexCount - corners} were dropped`);

  const welded = weldSoup(kernels, arrays, corners);
  const vertexCount = welded.first.length;
  const gather = (a: ApgVertexArray) => {
    const out = new Float32Array(vertexCount * a.components);
    kernels.raw.gatherComponents(a.values, a.components, welded.first, out);
    return out;
  };
  const mesh: Mesh = { name: 'mesh', attributes: { positions: gather(vp) }, indices: welded.indices };
  const attach = (name: 'vn' | 'vt' | 'vtan', components: number, set: (data: Float32Array) => void) => {
    const a = byName(name);
    if (!a) return;
    if (a.components === components) set(gather(a));
    else (mesh.extras ??= {})[name] = { components: a.components, data: gather(a) };
  };
  attach('vn', 3, (d) => { mesh.attributes.normals = d; });
  attach('vt', 2, (d) => { mesh.attributes.uvs = [d]; });
  attach('vtan', 4, (d) => { mesh.attributes.tangents = d; });
  const vb = byName('vb');
  if (vb) {
    const ids = gather(vb);
    const joints = new Uint16Array(vertexCount * 4);
    const weights = new Float32Array(vertexCount * 4);
    for (let v = 0; v < vertexCount; v++) {
      const bone = ids[v * vb.components]!;
      const node = nodes.get(bone);
      // One vertex per line after the @vb tag line.
      if (node === undefined || node >= jointCount) fail('BAD_INDEX', `vertex bone id ${bone} names no bone of the skeleton`, positions?.positionOf(vb, v + 1));
      joints[v * 4] = node;
      weights[v * 4] = 1;
    }
    mesh.attributes.joints = joints;
    mesh.attributes.weights = weights;
    if (vb.components > 1) warn('@vb has more than one value per vertex: only the first (the bone id) was used');
  }
  return mesh;
}

/**
 * The soup welded: one row of float bits per soup vertex, every array side by side (equal rows
 * weld), built in one workspace where the weld kernel reads it, with the hash table and the
 * results beside it (Kernels.weldVertices, which this does, would stage the rows into
 * WebAssembly memory and copy the table back out: about 0.6 MB of copies on the speed bar's
 * mrfixit). Returns each welded vertex's first soup vertex and the compact indices.
 */
function weldSoup(kernels: Kernels, arrays: ApgVertexArray[], corners: number): { first: Uint32Array; indices: IndexArray } {
  const stride = arrays.reduce((n, a) => n + a.components, 0);
  let capacity = 1;
  while (capacity < 2 * corners) capacity *= 2;
  const ws = kernels.workspace({ words: ['u32', corners * stride], table: ['u32', capacity], indices: ['u32', corners], first: ['u32', corners] });
  try {
    const words = ws.arrays.words;
    let column = 0;
    for (const a of arrays) {
      const bits = new Uint32Array(a.values.buffer, a.values.byteOffset, a.values.length);
      // Locals and running indices (no property read or multiplication per value).
      const components = a.components;
      for (let v = 0, from = 0, to = column; v < corners; v++, to += stride) for (let c = 0; c < components; c++) words[to + c] = bits[from++]!;
      column += components;
    }
    // The arrays are read again after each call (a call may grow WebAssembly memory).
    let vertices = corners === 0 ? 0 : kernels.raw.weldVertices(ws.arrays.words, stride, ws.arrays.table, ws.arrays.indices, ws.arrays.first);
    if (vertices < 0) vertices = weldVerticesBySort(ws.arrays.words, stride, ws.arrays.indices, ws.arrays.first);
    const first = ws.arrays.first.slice(0, vertices);
    return { first, indices: kernels.compactIndices(ws.arrays.indices, vertices) };
  } finally {
    ws.release();
  }
}

function buildAnimation(animation: ApgAnimation, jointCount: number, frameRate: number, warn: (m: string) => void, positions: TextPositions | undefined): Animation {
  const byNode = new Map<number, Partial<Record<ApgKeyBlock['kind'], ApgKeyBlock>>>();
  for (const block of animation.keys) {
    if (block.node < 0 || block.node >= jointCount) fail('BAD_INDEX', `animation "${animation.name}": keys for node ${block.node}, outside the ${jointCount} nodes`, positions?.positionOf(block));
    const entry = byNode.get(block.node) ?? {};
    if (entry[block.kind]) warn(`animation "${animation.name}": node ${block.node} has two @${block.kind}_keys blocks; the last was kept`);
    entry[block.kind] = block;
    byNode.set(block.node, entry);
  }
  const tracks: Track[] = [];
  let frameCount = 0;
  for (const [joint, blocks] of [...byNode].sort((a, b) => a[0] - b[0])) {
    const times = mergedTimes(Object.values(blocks).map((b) => b!.times));
    const track: Track = { joint, times };
    // Sampling a block at its own key times gives its values, bit for bit, when those times
    // strictly increase and are finite (sampleChannel then lands on each key with s = 0): the
    // usual file, whose tra/rot/sca blocks share one list of times, skips the sampling.
    const onKeys = isKeyGrid(times);
    const channel = (block: ApgKeyBlock, values: Float32Array, components: number) =>
      onKeys && values.length === times.length * components && sameTimes(block.times, times) ? values : sampleChannel(block.times, values, components, times);
    if (blocks.tra) track.translation = channel(blocks.tra, blocks.tra.values.slice(), 3);
    if (blocks.sca) track.scale = channel(blocks.sca, blocks.sca.values.slice(), 3);
    if (blocks.rot) track.rotation = channel(blocks.rot, xyzwRotations(blocks.rot.values), 4);
    frameCount = Math.max(frameCount, times.length);
    tracks.push(track);
  }
  return { name: animation.name, frameRate, frameCount, tracks };
}

/** The sorted union of key times (the blocks' own times when they agree, the usual case). */
function mergedTimes(lists: Float32Array[]): Float32Array {
  const first = lists[0]!;
  let same = true;
  // From the first list itself: a NaN time is not the same as itself, and takes the sorted union.
  for (let l = 0; l < lists.length && same; l++) same = sameTimes(lists[l]!, first);
  if (same) return first.slice();
  return Float32Array.from(new Set(lists.flatMap((l) => Array.from(l)))).sort();
}

/** Equal lengths and values (=== : a NaN time is never the same). */
function sameTimes(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Finite times in strictly increasing order. */
function isKeyGrid(times: Float32Array): boolean {
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    if (!Number.isFinite(t) || (i > 0 && !(t > times[i - 1]!))) return false;
  }
  return true;
}

/** apg rotations are w x y z; the Asset's x y z w. */
function xyzwRotations(wxyz: Float32Array): Float32Array {
  const out = new Float32Array(wxyz.length);
  for (let i = 0; i < wxyz.length; i += 4) {
    out[i] = wxyz[i + 1]!;
    out[i + 1] = wxyz[i + 2]!;
    out[i + 2] = wxyz[i + 3]!;
    out[i + 3] = wxyz[i]!;
  }
  return out;
}

function isIdentity(m: Float32Array): boolean {
  return m.every((v, i) => v === (i % 5 === 0 ? 1 : 0));
}
