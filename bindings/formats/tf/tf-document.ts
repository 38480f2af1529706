import type { LuaValue } from './lua-constants.js';

/** Fields of a descriptor table this library has no name for, kept in source order and written back. */
export type TfExtraFields = Map<string | number, LuaValue>;

/** Where an array lies in the `.msh.blob`: both in bytes (the descriptor's `offset` and `count`). */
export interface TfBlobRange {
  offset: number;
  count: number;
}

/** One entry of `vertexAttr`: float32 values, `numComp` per element. */
export interface TfVertexAttribute extends TfBlobRange {
  /** `position`, `normal`, `tangent`, `uv0`, … or any other name (kept as is). */
  name: string;
  numComp: number;
  data: Float32Array;
  extra: TfExtraFields;
}

/** One entry of a submesh's `indices`: uint32 indices into the attribute of the same name. */
export interface TfIndexStream extends TfBlobRange {
  attribute: string;
  /** Streams of one document read from the same blob range share this array. */
  data: Uint32Array;
  /** Present in some writers' descriptors (always 1 when present); kept as written. */
  numComp?: number;
  extra: TfExtraFields;
}

export interface TfSubMesh {
  indices: TfIndexStream[];
  /** Material files (`…/x.mtl`); undefined when the descriptor has no `materials` key. */
  materials?: string[];
  extra: TfExtraFields;
}

export interface TfKeyframe {
  /** Milliseconds. */
  time: number;
  /** Degrees about x, y, z (see TF_ROTATION_ORDER in keyframe-tracks.ts). */
  rot: [number, number, number];
  transl: [number, number, number];
}

/** A `type = "KEYFRAME"` animation of exactly the documented shape. */
export interface TfKeyframeAnimation {
  /** The key in `animations` (a number for a positional entry: its 1-based position). */
  name: string | number;
  type: 'KEYFRAME';
  /** Pivot of the rotation, relative to the mesh origin. */
  origin: [number, number, number];
  keyframes: TfKeyframe[];
}

/** Any other animation entry (another type, or extra fields), kept as its Lua table. */
export interface TfOtherAnimation {
  name: string | number;
  type: 'other';
  table: LuaValue;
}

export type TfAnimation = TfKeyframeAnimation | TfOtherAnimation;

/** Blob bytes that no array covers (gaps and trailing bytes), so that the blob re-encodes exactly. */
export interface TfUnreferencedBytes {
  offset: number;
  bytes: Uint8Array;
}

/** A `.msh` descriptor with its `.msh.blob`. */
export interface TfMeshDocument {
  kind: 'msh';
  /** `vertexAttr`, in source order. */
  attributes: TfVertexAttribute[];
  subMeshes: TfSubMesh[];
  /** `matConfigs[config][submesh]`: 0-based index into that submesh's materials; undefined when absent. */
  matConfigs?: number[][];
  /** `animations` by name, in source order; undefined when the key is absent. */
  animations?: TfAnimation[];
  /** Other top-level keys. */
  extra: TfExtraFields;
  unreferenced: TfUnreferencedBytes[];
}

/** An `.ani`: key times and one column-major 4×4 matrix per time (translation in elements 12–14). */
export interface TfAniDocument {
  kind: 'ani';
  /** Milliseconds, as written (doubles). */
  times: Float64Array;
  /** 16 per time, column-major, as written (doubles). */
  transforms: Float64Array;
  extra: TfExtraFields;
}

export type TfDocument = TfMeshDocument | TfAniDocument;

/** The four attributes every Transport Fever mesh has, with their component counts. */
export const TF_STANDARD_ATTRIBUTES: Readonly<Record<string, number>> = { position: 3, normal: 3, tangent: 4, uv0: 2 };

/** Bytes of the blob a document describes: the end of its last array or unreferenced bytes. */
export function tfBlobLength(doc: TfMeshDocument): number {
  // Loops, not a list of every range: this runs once per parse (the memory budget's base).
  let end = 0;
  for (const a of doc.attributes) end = Math.max(end, a.offset + a.count);
  for (const s of doc.subMeshes) for (const i of s.indices) end = Math.max(end, i.offset + i.count);
  for (const u of doc.unreferenced) end = Math.max(end, u.offset + u.bytes.length);
  return end;
}
