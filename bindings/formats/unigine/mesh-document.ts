/**
 * UNIGINE `.mesh` (ms11) and `.anim` (an10) files as stored: every field in the file's own
 * terms, so that writing a document read from a file gives back the same bytes.
 */

import type { IndexArray } from '../../model/asset.js';
import type { UnigineVerbatim } from './verbatim-fields.js';

export const MESH_MAGIC = 'ms11';
export const ANIM_MAGIC = 'an10';

/** Bounding box and sphere, as the file stores them. */
export interface UnigineBounds {
  min: [number, number, number];
  max: [number, number, number];
  center: [number, number, number];
  radius: number;
}

export interface UnigineBone {
  name: string;
  /** Index of the parent bone, −1 for a root. */
  parent: number;
}

/** Bind pose: per bone position xyz, rotation xyzw, scale xyz (10 floats). */
export const BIND_POSE_FLOATS = 10;

/** Per-frame, per-animated-bone flag bits: which channels the frame stores. */
export const FRAME_FLAG = {
  positionX: 1,
  positionY: 2,
  positionZ: 4,
  rotation: 8,
  scaleX: 16,
  scaleY: 32,
  scaleZ: 64,
} as const;

/** The mask byte UNIGINE writes: every channel (FRAME_FLAG bits 0–6) may be animated. */
export const ALL_CHANNELS_MASK = 0x7f;

/** The frames of one animation, channel streams in stored order (only flagged channels). */
export interface UnigineFrames<Channel extends Float32Array | Uint16Array> {
  name: string;
  /** Skeleton bone of each animated bone. */
  boneIndices: Int16Array;
  /** The animation's channel mask byte, as stored. */
  mask: number;
  frameCount: number;
  /** frameCount × animated bones flag bytes (FRAME_FLAG), frame-major. */
  flags: Uint8Array;
  /** Position components present, in file order (x, y, z per flagged bit). */
  positions: Channel;
  /** Rotations present: four snorm16 (x, y, z, w) each. */
  rotations: Int16Array;
  /** Scale components present, in file order. */
  scales: Channel;
}

/** ms11 animations store float32 positions and scales. */
export type UnigineMeshAnimation = UnigineFrames<Float32Array>;

/** an10 animations store positions and scales as uint16 within per-animation boxes. */
export interface UnigineAnimAnimation extends UnigineFrames<Uint16Array> {
  positionMin: Float32Array;
  positionSize: Float32Array;
  scaleMin: Float32Array;
  scaleSize: Float32Array;
}

export interface UnigineMorphTarget {
  name: string;
  /** xyz per coordinate vertex. */
  vertices: Float32Array;
  /** Tangent-space quaternion (snorm16 xyzw) per triangle vertex. */
  tangents: Int16Array;
}

export interface UnigineSurface {
  name: string;
  bounds: UnigineBounds;
  targets: UnigineMorphTarget[];
  /** Per coordinate vertex: how many bone weights it has (0 for static meshes: empty arrays). */
  weightCounts: Uint8Array;
  /** Bone index of each weight, vertex after vertex. */
  weightBones: Int16Array;
  /** Weight × 65535 of each weight. */
  weightValues: Uint16Array;
  /** uv per triangle vertex. */
  uv0: Float32Array;
  uv1: Float32Array;
  /** rgba bytes per triangle vertex. */
  colors: Uint8Array;
  /**
   * Coordinate-vertex index per triangle corner, at its stored width: 1 or 2 bytes, or 4
   * (int32 in the file, kept as uint32 bits) by target 0's vertex count (storedIndexWidth).
   */
  cindices: IndexArray;
  /** Triangle-vertex index per triangle corner, at its stored width by target 0's tangent count. */
  tindices: IndexArray;
}

interface UnigineDocumentBase {
  bounds: UnigineBounds;
  bones: UnigineBone[];
  /** BIND_POSE_FLOATS per bone. */
  bindPose: Float32Array;
  /**
   * The stored bytes of fields that would not re-encode to themselves (non-canonical compact
   * integers, strings, bounds holding NaN), for a byte-exact rewrite; absent for canonical files.
   */
  verbatim?: UnigineVerbatim;
}

export interface UnigineMeshDocument extends UnigineDocumentBase {
  kind: 'mesh';
  animations: UnigineMeshAnimation[];
  surfaces: UnigineSurface[];
}

export interface UnigineAnimDocument extends UnigineDocumentBase {
  kind: 'anim';
  animations: UnigineAnimAnimation[];
}

export type UnigineDocument = UnigineMeshDocument | UnigineAnimDocument;

/** Empty bounds as UNIGINE writes them for files with no geometry. */
export function emptyBounds(): UnigineBounds {
  return { min: [1e9, 1e9, 1e9], max: [-1e9, -1e9, -1e9], center: [0, 0, 0], radius: -1 };
}

/** Stored index width: 1 byte below 256 vertices, 2 below 65536, else 4 (int32). */
export function storedIndexWidth(vertexCount: number): 1 | 2 | 4 {
  return vertexCount < 256 ? 1 : vertexCount < 65536 ? 2 : 4;
}
