import { MeshFormatError } from '../../io/errors.js';
import { getKernels } from '../../kernels/backend.js';
import type { Kernels, Workspace, WorkspaceLayout } from '../../kernels/kernels.js';
import { emptyAsset, type Animation, type IndexArray, type Asset, type Joint, type Mesh, type MeshAttributes, type MorphTarget, type Track } from '../../model/asset.js';
import { DEFAULT_FRAME_RATE, type ReadOptions } from '../format.js';
import { expandAnimation } from './expand-animation.js';
import { keepMeshArrays } from '../../kernels/keep-mesh.js';
import { ALL_CHANNELS_MASK, BIND_POSE_FLOATS, type UnigineAnimAnimation, type UnigineBone, type UnigineDocument, type UnigineMeshAnimation, type UnigineSurface } from './mesh-document.js';
import { FORMAT_NAME } from './read-common.js';
import { weldCorners, type WeldedCorners } from './weld-corners.js';
import { fileOffsetsOf, type FileOffsets } from '../../io/file-offsets.js';
import { skinSource, surfaceSource, targetSource, type ArraySource, type SkinSource } from './stored-arrays.js';

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
  if (!(frameRate > 0 && Number.isFinite(frameRate))) throw new MeshFormatError({ code: 'BAD_OPTION', format: FORMAT_NAME }, `frameRate must be a positive number, got ${frameRate}`);
  const asset = emptyAsset(FORMAT_NAME);
  // UNIGINE's world is Z-up (the corpus characters stand along +Z).
  asset.upAxis = 'z';
  const jointOf = orderParentsFirst(doc.bones);
  // Where the document's arrays lie in its file (none for a document built in memory), for errors.
  const offsets = fileOffsetsOf(doc);
  if (doc.bones.length > 0) asset.skeleton = { joints: skeletonJoints(doc.bones, doc.bindPose, jointOf) };
  if (jointOf.some((joint, bone) => joint !== bone)) asset.warnings.push('bones were reordered so that every parent comes before its children');
  if (doc.kind === 'mesh') {
    for (const surface of doc.surfaces) asset.meshes.push(surfaceToMesh(kernels, surface, jointOf, asset.warnings, offsets));
  }
  for (const animation of doc.animations) {
    if (animation.mask !== ALL_CHANNELS_MASK) asset.warnings.push(`animation ${animation.name}: its channel mask 0x${animation.mask.toString(16)} is not carried into the Asset`);
    if (hasUnknownFlagBits(animation.flags)) asset.warnings.push(`animation ${animation.name}: frame flag bit 7, which has no known meaning, is not carried into the Asset`);
    asset.animations.push(animationTracks(kernels, animation, doc.bindPose, jointOf, frameRate, offsets));
  }
  return asset;
}

/**
 * One track per animated bone, with a key per frame up to the last frame that stores a value for
 * that bone, and one more key at the last frame when the values hold until then. A bone nothing
 * animates after frame 0 has a single key: a constant track. Every track's channels are views
 * into one block per channel, which the expansion lays out track by track.
 */
function animationTracks(kernels: Kernels, animation: UnigineMeshAnimation | UnigineAnimAnimation, bindPose: Float32Array, jointOf: readonly number[], frameRate: number, offsets: FileOffsets | undefined): Animation {
  const expanded = expandAnimation(kernels, animation, bindPose, offsets);
  const frames = expanded.frameCount;
  const times = new Float32Array(frames);
  for (let f = 0; f < frames; f++) times[f] = f / frameRate;
  const lastFrame = animation.frameCount - 1;
  const { translations, rotations, scales, keyFirst, keyCount } = expanded;
  const tracks: Track[] = [];
  for (let b = 0; b < animation.boneIndices.length; b++) {
    const stored = expanded.lastStoredFrame[b]! + 1;
    let trackTimes = times.subarray(0, stored);
    if (stored > 1 && stored < animation.frameCount) {
      trackTimes = new Float32Array(stored + 1);
      trackTimes.set(times.subarray(0, stored));
      trackTimes[stored] = lastFrame / frameRate;
    }
    const first = keyFirst[b]!;
    const end = first + keyCount[b]!;
    tracks.push({
      joint: jointOf[animation.boneIndices[b]!]!,
      times: trackTimes,
      translation: translations.subarray(first * 3, end * 3),
      rotation: rotations.subarray(first * 4, end * 4),
      scale: scales.subarray(first * 3, end * 3),
    });
  }
  return { name: animation.name, frameRate, frameCount: animation.frameCount, tracks };
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

/**
 * Every workspace array of a surface's attributes, once the weld has given `vertexCount` vertices:
 * the stored arrays staged once, the weld's per-vertex sources, and per-vertex outputs. Tangent
 * frames are decoded per welded vertex (its quaternion gathered first, as bits), not per triangle
 * vertex and then gathered: the same values, without two per-triangle-vertex float arrays.
 */
function attributeLayout(surface: UnigineSurface, sources: SurfaceSources, vertexCount: number, jointCount: number, identity: boolean, shared: boolean) {
  const { coordinates, quaternions } = sources;
  const tangentCount = quaternions.length / 4;
  const { skin } = sources;
  const skinned = skin.counts.length > 0;
  const morphed = surface.targets.length > 1;
  // An identity weld copies coordinates, tangent frames and UVs straight to their vertices.
  return {
    coordinates: ['f32', identity ? 0 : coordinates.length],
    quaternions: ['i16', identity ? 0 : quaternions.length],
    coordinateOf: ['u32', vertexCount],
    // When each vertex's coordinate and triangle vertex are one value (weldCorners), coordinateOf serves both.
    triangleVertexOf: ['u32', shared ? 0 : vertexCount],
    uv0Source: ['f32', identity ? 0 : sources.uv0.length],
    uv1Source: ['f32', identity ? 0 : sources.uv1.length],
    colorSource: ['u8', sources.colors.length],
    weightCounts: ['u8', skin.counts.length],
    // The skin records as the file stores them, gathered from by gatherSkinRecords; or, for a
    // document whose records are split already, its bones and values.
    skinRecords: ['u8', skin.records?.length ?? 0],
    weightBones: ['i16', skin.records ? 0 : skin.bonesLength],
    weightValues: ['u16', skin.records ? 0 : skin.valuesLength],
    jointOf: ['u16', skinned ? jointCount : 0],
    weightFirst: ['u32', skinned ? skin.counts.length + 1 : 0],
    // Morph targets after the first, one at a time: their tangent frames decoded for the normals.
    targetQuaternions: ['i16', morphed ? quaternions.length : 0],
    targetNormals: ['f32', morphed ? tangentCount * 3 : 0],
    targetTangents: ['f32', morphed ? tangentCount * 4 : 0],
    // The Mesh's arrays, next to each other: copied out of the workspace in one piece (the
    // indices are the weld's own, already narrowed and on the JavaScript heap).
    positions: ['f32', vertexCount * 3],
    normals: ['f32', tangentCount ? vertexCount * 3 : 0],
    tangents: ['f32', tangentCount ? vertexCount * 4 : 0],
    uv0: ['f32', sources.uv0.length ? vertexCount * 2 : 0],
    uv1: ['f32', sources.uv1.length ? vertexCount * 2 : 0],
    colors: ['f32', sources.colors.length ? vertexCount * 4 : 0],
    joints: ['u16', skinned ? vertexCount * 4 : 0],
    weights: ['f32', skinned ? vertexCount * 4 : 0],
  } as const satisfies WorkspaceLayout;
}

type AttributeWorkspace = Workspace<ReturnType<typeof attributeLayout>>;

/**
 * The stored arrays of a surface, read where they are (stored-arrays.ts: in the file for a
 * parse, in memory for a document built or read as a whole): copied once, into the workspace.
 */
interface SurfaceSources {
  coordinates: ArraySource;
  quaternions: ArraySource;
  uv0: ArraySource;
  uv1: ArraySource;
  colors: ArraySource;
  cindices: ArraySource;
  tindices: ArraySource;
  skin: SkinSource;
}

const NO_TARGET = { name: '', vertices: new Float32Array(0), tangents: new Int16Array(0) };

function surfaceSources(surface: UnigineSurface, offsets: FileOffsets | undefined): SurfaceSources {
  const target = surface.targets[0] ?? NO_TARGET;
  return {
    coordinates: targetSource(target, 'vertices', offsets),
    quaternions: targetSource(target, 'tangents', offsets),
    uv0: surfaceSource(surface, 'uv0', offsets),
    uv1: surfaceSource(surface, 'uv1', offsets),
    colors: surfaceSource(surface, 'colors', offsets),
    cindices: surfaceSource(surface, 'cindices', offsets),
    tindices: surfaceSource(surface, 'tindices', offsets),
    skin: skinSource(surface, offsets),
  };
}

/** Coordinate vertices (target 0's positions), tangents, colours, and triangle vertices: the most entries of any per-tindex array. */
type SurfaceCounts = ReturnType<typeof surfaceCounts>;

function surfaceCounts(sources: SurfaceSources) {
  const tangentCount = sources.quaternions.length / 4;
  const colorCount = sources.colors.length / 4;
  return {
    coordinateCount: sources.coordinates.length / 3,
    tangentCount,
    colorCount,
    triangleVertexCount: Math.max(tangentCount, sources.uv0.length / 2, sources.uv1.length / 2, colorCount),
  };
}

function surfaceToMesh(kernels: Kernels, surface: UnigineSurface, jointOf: readonly number[], warnings: string[], offsets: FileOffsets | undefined): Mesh {
  const label = `surface ${surface.name}`;
  const fail = badIndex;
  const target = surface.targets[0];
  if (target?.name) warnings.push(`${label}: the name of morph target 0 (${target.name}) is not carried into the Asset`);
  const sources = surfaceSources(surface, offsets);
  const counts = surfaceCounts(sources);
  const { coordinateCount, triangleVertexCount } = counts;
  const { cindices, tindices } = sources;
  if (cindices.length !== tindices.length) fail(label, `${cindices.length} cindices but ${tindices.length} tindices`, tindices.fileOffset());
  if (cindices.length % 3 !== 0) fail(label, `${cindices.length} indices do not make whole triangles`, cindices.fileOffset());
  const welded = weldCorners(kernels, cindices, tindices, coordinateCount, triangleVertexCount);
  if (typeof welded === 'number') {
    const badT = tindices.element(welded) >= triangleVertexCount;
    const at = badT ? tindices.fileOffset(welded) : cindices.fileOffset(welded);
    return fail(label, `corner ${welded} has cindex ${cindices.element(welded)} and tindex ${tindices.element(welded)}, outside ${coordinateCount} coordinate and ${triangleVertexCount} triangle vertices`, at);
  }
  const ws = kernels.workspace(attributeLayout(surface, sources, welded.vertexCount, jointOf.length, welded.identity, welded.coordinateOf === welded.triangleVertexOf));
  try {
    return weldedSurfaceToMesh(kernels, ws, surface, sources, counts, welded, jointOf, label, warnings);
  } finally {
    ws.release();
  }
}

/** A surface's index out of range (a function of its own: no closure per surface). */
function badIndex(label: string, detail: string, offset: number | undefined): never {
  throw new MeshFormatError({ code: 'BAD_INDEX', format: FORMAT_NAME, offset }, `${label}: ${detail}`);
}

/** The Mesh of a welded surface: every attribute gathered per vertex by a kernel, in `ws`. */
function weldedSurfaceToMesh(
  kernels: Kernels, ws: AttributeWorkspace, surface: UnigineSurface, sources: SurfaceSources, counts: SurfaceCounts, welded: WeldedCorners, jointOf: readonly number[], label: string, warnings: string[],
): Mesh {
  const a = ws.arrays;
  const raw = kernels.raw;
  const vertexCount = welded.vertexCount;
  const coordinateOf = a.coordinateOf;
  coordinateOf.set(welded.coordinateOf);
  let triangleVertexOf = coordinateOf;
  if (welded.triangleVertexOf !== welded.coordinateOf) {
    triangleVertexOf = a.triangleVertexOf;
    triangleVertexOf.set(welded.triangleVertexOf);
  }
  const { coordinateCount, tangentCount, colorCount, triangleVertexCount } = counts;
  // Every attribute is gathered into the workspace first, then copied out together.
  const attributes: MeshAttributes = { positions: a.positions };
  const identity = welded.identity;
  if (surface.targets.length > 0) {
    if (identity) {
      sources.coordinates.copyInto(a.positions);
    } else {
      sources.coordinates.copyInto(a.coordinates);
      raw.gatherComponents(a.coordinates, 3, coordinateOf, a.positions);
    }
  }
  if (tangentCount === triangleVertexCount && tangentCount > 0) {
    // Each vertex's quaternion (8 bytes) put into the upper half of its tangents (16 bytes a
    // vertex) and decoded from there: tangentFrames reads a quaternion before writing the frame
    // over it, so no array of its own is needed (RawKernels.tangentFrames).
    const tangents = a.tangents;
    const vertexQuaternions = new Int16Array(tangents.buffer, tangents.byteOffset + 8 * vertexCount, 4 * vertexCount);
    if (identity) {
      sources.quaternions.copyInto(vertexQuaternions);
    } else {
      sources.quaternions.copyInto(a.quaternions);
      // Four int16 per quaternion moved as two float32 bit patterns (the gather keeps bits).
      raw.gatherComponents(asFloat32(a.quaternions), 2, triangleVertexOf, asFloat32(vertexQuaternions));
    }
    raw.tangentFrames(vertexQuaternions, a.normals, tangents);
    attributes.normals = a.normals;
    attributes.tangents = a.tangents;
  } else if (tangentCount > 0) {
    warnings.push(`${label}: ${tangentCount} tangents for ${triangleVertexCount} triangle vertices; normals and tangents are not carried`);
  }
  const uvs: Float32Array[] = [];
  for (let set = 0; set < 2; set++) {
    const stored = set === 0 ? sources.uv0 : sources.uv1;
    const count = stored.length / 2;
    if (count === 0) break;
    if (count !== triangleVertexCount) {
      warnings.push(`${label}: UV${set} has ${count} entries for ${triangleVertexCount} triangle vertices and is not carried`);
      break;
    }
    const into = set === 0 ? a.uv0 : a.uv1;
    if (identity) {
      stored.copyInto(into);
    } else {
      const source = set === 0 ? a.uv0Source : a.uv1Source;
      stored.copyInto(source);
      raw.gatherComponents(source, 2, triangleVertexOf, into);
    }
    uvs.push(into);
  }
  if (colorCount === triangleVertexCount && colorCount > 0) {
    sources.colors.copyInto(a.colorSource);
    raw.gatherUnorm8(a.colorSource, 4, triangleVertexOf, a.colors);
    attributes.colors = a.colors;
  } else if (colorCount > 0) {
    warnings.push(`${label}: ${colorCount} colors for ${triangleVertexCount} triangle vertices are not carried`);
  }
  const { skin } = sources;
  if (skin.counts.length === coordinateCount && coordinateCount > 0) {
    a.weightCounts.set(skin.counts);
    a.jointOf.set(jointOf);
    let result: number;
    if (skin.records) {
      a.skinRecords.set(skin.records);
      result = raw.gatherSkinRecords(a.weightCounts, a.skinRecords, a.jointOf, coordinateOf, a.weightFirst, a.joints, a.weights);
    } else {
      skin.splitInto(a.weightBones, a.weightValues);
      result = raw.gatherSkinWeights(a.weightCounts, a.weightBones, a.weightValues, a.jointOf, coordinateOf, a.weightFirst, a.joints, a.weights);
    }
    if (result !== -1) throw new MeshFormatError({ code: 'BAD_VALUE', format: FORMAT_NAME, offset: skin.fileOffset }, `${label}: the skin weights do not match their counts (${result})`);
    attributes.joints = a.joints;
    attributes.weights = a.weights;
  } else if (skin.counts.length > 0) {
    warnings.push(`${label}: ${skin.counts.length} weighted vertices for ${coordinateCount} coordinate vertices; skin weights are not carried`);
  }
  const targets = surface.targets.length > 1 ? morphTargets(kernels, ws, surface, sources, welded, attributes, label, warnings) : [];
  if (uvs.length) attributes.uvs = uvs;
  // A surface whose workspace grew WebAssembly memory past the cap keeps that memory (no copy out).
  const kept = keepMeshArrays(ws, attributes, welded.indices, true);
  const mesh: Mesh = { name: surface.name, ...kept };
  if (targets.length) mesh.targets = targets;
  return mesh;
}

/**
 * Targets after the first as Asset morph targets: per welded vertex, the displacement of the
 * target's coordinate from the base position and, when its tangent frames cover the triangle
 * vertices, of its normal from the base normal. A target whose counts do not match the base's is
 * left out with a warning.
 */
function morphTargets(
  kernels: Kernels, ws: AttributeWorkspace, surface: UnigineSurface, sources: SurfaceSources, welded: WeldedCorners,
  attributes: MeshAttributes, label: string, warnings: string[],
): MorphTarget[] {
  const [, ...rest] = surface.targets;
  const base = { vertices: sources.coordinates, tangents: sources.quaternions };
  const { coordinateOf, triangleVertexOf } = welded;
  const vertexCount = coordinateOf.length;
  const out: MorphTarget[] = [];
  for (const target of rest) {
    if (target.vertices.length !== base.vertices.length) {
      warnings.push(`${label}: morph target ${target.name} has ${target.vertices.length / 3} vertices for the base's ${base.vertices.length / 3} and is not carried`);
      continue;
    }
    const positions = new Float32Array(vertexCount * 3);
    for (let v = 0; v < vertexCount; v++) {
      for (let c = 0; c < 3; c++) positions[v * 3 + c] = target.vertices[coordinateOf[v]! * 3 + c]! - attributes.positions[v * 3 + c]!;
    }
    const result: MorphTarget = { name: target.name, positions };
    const baseNormals = attributes.normals;
    if (baseNormals && target.tangents.length === base.tangents.length) {
      const a = ws.arrays;
      a.targetQuaternions.set(target.tangents);
      kernels.raw.tangentFrames(a.targetQuaternions, a.targetNormals, a.targetTangents);
      const normals = new Float32Array(vertexCount * 3);
      for (let v = 0; v < vertexCount; v++) {
        for (let c = 0; c < 3; c++) normals[v * 3 + c] = a.targetNormals[triangleVertexOf[v]! * 3 + c]! - baseNormals[v * 3 + c]!;
      }
      result.normals = normals;
    }
    out.push(result);
  }
  return out;
}

/** The same bytes as float32 values (a multiple of two int16). */
function asFloat32(array: Int16Array): Float32Array {
  return new Float32Array(array.buffer, array.byteOffset, array.length / 2);
}

/** Whether a frame flag sets bit 7, which no known channel uses. */
function hasUnknownFlagBits(flags: Uint8Array): boolean {
  const unknown = ~ALL_CHANNELS_MASK; // in a local: see lastStoredFrames
  for (let i = 0; i < flags.length; i++) if (flags[i]! & unknown) return true;
  return false;
}
