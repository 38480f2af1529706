import { MeshFormatError } from '../../io/errors.js';
import { getKernels } from '../../kernels/backend.js';
import type { Kernels } from '../../kernels/kernels.js';
import { emptyAsset, type Animation, type Asset, type Joint, type Mesh, type MeshAttributes, type Track } from '../../model/asset.js';
import { DEFAULT_FRAME_RATE, type ReadOptions } from '../format.js';
import { expandAnimation } from './expand-animation.js';
import { ALL_CHANNELS_MASK, BIND_POSE_FLOATS, type UnigineBone, type UnigineDocument, type UnigineSurface } from './mesh-document.js';
import { FORMAT_NAME } from './read-common.js';
import { weldCorners, weldWorkspaceBytes } from './weld-corners.js';

export const UNIGINE_READ_DEFAULTS = {
  /** UNIGINE files store no frame rate. */
  frameRate: DEFAULT_FRAME_RATE,
};

/**
 * The Asset of a `.mesh` or `.anim` document. Positions and weights come through cindices,
 * tangents, UVs and colours through tindices, welded into single-index vertices; normals and
 * tangents (w = handedness, so that the bitangent cross(N, T) * w runs along increasing stored v)
 * from the tangent-space quaternions. Bones become joints ordered parents first.
 */
export function unigineToAsset(doc: UnigineDocument, options: ReadOptions = {}): Asset {
  const kernels = options.kernels ?? getKernels();
  const frameRate = options.frameRate ?? UNIGINE_READ_DEFAULTS.frameRate;
  if (!(frameRate > 0)) throw new RangeError(`frameRate must be positive, got ${frameRate}`);
  const asset = emptyAsset(FORMAT_NAME);
  // UNIGINE's world is Z-up (the corpus characters stand along +Z).
  asset.upAxis = 'z';
  const jointOf = orderParentsFirst(doc.bones);
  if (doc.bones.length > 0) asset.skeleton = { joints: skeletonJoints(doc.bones, doc.bindPose, jointOf) };
  if (jointOf.some((joint, bone) => joint !== bone)) asset.warnings.push('bones were reordered so that every parent comes before its children');
  if (doc.kind === 'mesh') {
    for (const surface of doc.surfaces) asset.meshes.push(surfaceToMesh(kernels, surface, jointOf, asset.warnings));
  }
  for (const animation of doc.animations) {
    const expanded = expandAnimation(kernels, animation, doc.bindPose);
    if (typeof expanded === 'number') {
      throw new MeshFormatError({ code: 'BAD_VALUE', format: FORMAT_NAME }, `animation ${animation.name}: the frame flags ask for more values than the document holds (frame entry ${expanded})`);
    }
    if (animation.mask !== ALL_CHANNELS_MASK) asset.warnings.push(`animation ${animation.name}: its channel mask 0x${animation.mask.toString(16)} is not carried into the Asset`);
    if (animation.flags.some((flag) => flag & ~ALL_CHANNELS_MASK)) asset.warnings.push(`animation ${animation.name}: frame flag bit 7, which has no known meaning, is not carried into the Asset`);
    const frames = animation.frameCount;
    const bones = animation.boneIndices.length;
    // One block of key times for all tracks (each track gets its own view): a file may claim
    // frames for no bones, so only animated bones make the frame count cost memory.
    const times = new Float32Array(bones * frames);
    for (let f = 0; f < (bones ? frames : 0); f++) times[f] = f / frameRate;
    for (let b = 1; b < bones; b++) times.copyWithin(b * frames, 0, frames);
    const tracks: Track[] = [];
    for (let b = 0; b < bones; b++) {
      // The expanded arrays are the Asset's own (copied out of WebAssembly memory): views suffice.
      tracks.push({
        joint: jointOf[animation.boneIndices[b]!]!,
        times: times.subarray(b * frames, (b + 1) * frames),
        translation: expanded.translations.subarray(b * frames * 3, (b + 1) * frames * 3),
        rotation: expanded.rotations.subarray(b * frames * 4, (b + 1) * frames * 4),
        scale: expanded.scales.subarray(b * frames * 3, (b + 1) * frames * 3),
      });
    }
    const result: Animation = { name: animation.name, frameRate, frameCount: frames, tracks };
    asset.animations.push(result);
  }
  return asset;
}

/** Joint index of each bone, in an order where parents precede children (stable: the stored order when it already does). */
function orderParentsFirst(bones: readonly UnigineBone[]): number[] {
  const jointOf = new Array<number>(bones.length).fill(-1);
  let next = 0;
  const place = (bone: number): void => {
    const chain: number[] = [];
    for (let b = bone; b >= 0 && jointOf[b] === -1; b = bones[b]!.parent) {
      if (chain.length > bones.length) throw new MeshFormatError({ code: 'BAD_VALUE', format: FORMAT_NAME }, `bone ${bone} is its own ancestor`);
      chain.push(b);
    }
    for (let i = chain.length - 1; i >= 0; i--) jointOf[chain[i]!] = next++;
  };
  for (let b = 0; b < bones.length; b++) place(b);
  return jointOf;
}

function skeletonJoints(bones: readonly UnigineBone[], bindPose: Float32Array, jointOf: readonly number[]): Joint[] {
  const joints = new Array<Joint>(bones.length);
  bones.forEach((bone, b) => {
    const p = bindPose.subarray(b * BIND_POSE_FLOATS, (b + 1) * BIND_POSE_FLOATS);
    joints[jointOf[b]!] = {
      name: bone.name,
      parent: bone.parent < 0 ? -1 : jointOf[bone.parent]!,
      translation: [p[0]!, p[1]!, p[2]!],
      rotation: [p[3]!, p[4]!, p[5]!, p[6]!],
      scale: [p[7]!, p[8]!, p[9]!],
    };
  });
  return joints;
}

function surfaceToMesh(kernels: Kernels, surface: UnigineSurface, jointOf: readonly number[], warnings: string[]): Mesh {
  const label = `surface ${surface.name}`;
  const fail = (detail: string): never => {
    throw new MeshFormatError({ code: 'BAD_INDEX', format: FORMAT_NAME }, `${label}: ${detail}`);
  };
  const target = surface.targets[0];
  if (surface.targets.length > 1) warnings.push(`${label}: ${surface.targets.length - 1} morph target(s) after the first are not carried into the Asset`);
  if (target?.name) warnings.push(`${label}: the name of morph target 0 (${target.name}) is not carried into the Asset`);
  const coordinates = target?.vertices ?? new Float32Array(0);
  const quaternions = target?.tangents ?? new Int16Array(0);
  const coordinateCount = coordinates.length / 3;
  const tangentCount = quaternions.length / 4;
  const uv0Count = surface.uv0.length / 2;
  const uv1Count = surface.uv1.length / 2;
  const colorCount = surface.colors.length / 4;
  const triangleVertexCount = Math.max(tangentCount, uv0Count, uv1Count, colorCount);
  if (surface.cindices.length !== surface.tindices.length) fail(`${surface.cindices.length} cindices but ${surface.tindices.length} tindices`);
  if (surface.cindices.length % 3 !== 0) fail(`${surface.cindices.length} indices do not make whole triangles`);
  const corners = surface.cindices.length;
  const ws = kernels.workspace(
    weldWorkspaceBytes(corners, triangleVertexCount) + coordinates.byteLength + corners * 12 + // positions
      quaternions.byteLength + tangentCount * 28 + corners * 28 + // tangent frames
      (surface.uv0.byteLength + surface.uv1.byteLength + corners * 16) + 16 * 16,
  );
  try {
    const welded = weldCorners(kernels, ws, surface.cindices, surface.tindices, coordinateCount, triangleVertexCount);
    if (typeof welded === 'number') {
      return fail(`corner ${welded} has cindex ${surface.cindices[welded]} and tindex ${surface.tindices[welded]}, outside ${coordinateCount} coordinate and ${triangleVertexCount} triangle vertices`);
    }
    const { coordinateOf, triangleVertexOf } = welded;
    const vertexCount = coordinateOf.length;
    const gather = (source: Float32Array, components: number, indices: Uint32Array): Float32Array => {
      const from = ws.f32(source.length);
      from.set(source);
      const to = ws.f32(indices.length * components);
      kernels.raw.gatherComponents(from, components, indices, to);
      return ws.keep(to);
    };
    const attributes: MeshAttributes = { positions: gather(coordinates, 3, coordinateOf) };
    if (tangentCount === triangleVertexCount && tangentCount > 0) {
      const stored = ws.i16(quaternions.length);
      stored.set(quaternions);
      const normals = ws.f32(tangentCount * 3);
      const tangents = ws.f32(tangentCount * 4);
      kernels.raw.tangentFrames(stored, normals, tangents);
      attributes.normals = gather(normals, 3, triangleVertexOf);
      attributes.tangents = gather(tangents, 4, triangleVertexOf);
    } else if (tangentCount > 0) {
      warnings.push(`${label}: ${tangentCount} tangents for ${triangleVertexCount} triangle vertices; normals and tangents are not carried`);
    }
    const uvs: Float32Array[] = [];
    for (const [set, count, data] of [[0, uv0Count, surface.uv0], [1, uv1Count, surface.uv1]] as const) {
      if (count === 0) break;
      if (count !== triangleVertexCount) {
        warnings.push(`${label}: UV${set} has ${count} entries for ${triangleVertexCount} triangle vertices and is not carried`);
        break;
      }
      uvs.push(gather(data, 2, triangleVertexOf));
    }
    if (uvs.length) attributes.uvs = uvs;
    if (colorCount === triangleVertexCount && colorCount > 0) {
      const colors = new Float32Array(vertexCount * 4);
      for (let v = 0; v < vertexCount; v++) for (let c = 0; c < 4; c++) colors[v * 4 + c] = Math.fround(surface.colors[triangleVertexOf[v]! * 4 + c]! / 255);
      attributes.colors = colors;
    } else if (colorCount > 0) {
      warnings.push(`${label}: ${colorCount} colors for ${triangleVertexCount} triangle vertices are not carried`);
    }
    if (surface.weightCounts.length === coordinateCount && coordinateCount > 0) {
      Object.assign(attributes, skinAttributes(surface, coordinateOf, jointOf));
    } else if (surface.weightCounts.length > 0) {
      warnings.push(`${label}: ${surface.weightCounts.length} weighted vertices for ${coordinateCount} coordinate vertices; skin weights are not carried`);
    }
    // A heap copy: narrowing may stage its output in WebAssembly memory and grow it.
    return { name: surface.name, attributes, indices: kernels.compactIndices(ws.keep(welded.indices), vertexCount) };
  } finally {
    ws.release();
  }
}

/** Four joints and weights per vertex (w / 65535), unused slots zero. */
function skinAttributes(surface: UnigineSurface, coordinateOf: Uint32Array, jointOf: readonly number[]): Pick<MeshAttributes, 'joints' | 'weights'> {
  const firstWeight = new Uint32Array(surface.weightCounts.length + 1);
  for (let v = 0; v < surface.weightCounts.length; v++) firstWeight[v + 1] = firstWeight[v]! + surface.weightCounts[v]!;
  const joints = new Uint16Array(coordinateOf.length * 4);
  const weights = new Float32Array(coordinateOf.length * 4);
  for (let v = 0; v < coordinateOf.length; v++) {
    const c = coordinateOf[v]!;
    for (let k = 0, w = firstWeight[c]!; w < firstWeight[c + 1]!; k++, w++) {
      joints[v * 4 + k] = jointOf[surface.weightBones[w]!]!;
      weights[v * 4 + k] = Math.fround(surface.weightValues[w]! / 65535);
    }
  }
  return { joints, weights };
}
