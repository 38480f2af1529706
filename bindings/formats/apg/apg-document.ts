/**
 * apg (capnramses/apg_mesh): an ASCII triangle soup with optional skeleton and key-framed
 * animations, in tagged blocks (`@vp comps 3` then one vertex per line, …). The document keeps
 * every block's numbers as float32 (what the format's readers use) in the file's order.
 */

/** Vertex blocks the format defines: positions, normals, texture coordinates, tangents, bone ids. */
export type ApgVertexArrayName = 'vp' | 'vn' | 'vt' | 'vtan' | 'vb';
export const APG_VERTEX_ARRAYS: readonly ApgVertexArrayName[] = ['vp', 'vn', 'vt', 'vtan', 'vb'];

export interface ApgVertexArray {
  name: ApgVertexArrayName;
  components: number;
  /** vertexCount × components values. */
  values: Float32Array;
}

export interface ApgHierarchyNode {
  /** Parent node index, −1 for none. */
  parent: number;
  /** Skeleton bone this node drives, −1 for none. */
  boneId: number;
}

/** tra = translation (x y z), rot = rotation (w x y z, as the file stores it), sca = scale (x y z). */
export type ApgKeyKind = 'tra' | 'rot' | 'sca';

export interface ApgKeyBlock {
  kind: ApgKeyKind;
  node: number;
  /** One time per key. */
  times: Float32Array;
  /** 3 values per key (tra, sca) or 4 (rot: w x y z). */
  values: Float32Array;
}

export interface ApgAnimation {
  name: string;
  duration: number;
  /** Key blocks in file order. */
  keys: ApgKeyBlock[];
}

export interface ApgDocument {
  /** The first line without its line break (readers only check that it starts with "@Anton's"). */
  header: string;
  vertexCount: number;
  vertexArrays: ApgVertexArray[];
  /** `@skeleton bones B animations A`, as declared. */
  skeleton?: { bones: number; animations: number };
  /** 16 floats, column-major. */
  rootTransform?: Float32Array;
  /** 16 floats per bone, column-major (bind pose to bone space). */
  offsetMatrices?: Float32Array;
  hierarchy?: ApgHierarchyNode[];
  animations: ApgAnimation[];
  boundingRadius?: number;
  /**
   * How numbers are spelled, per block and column (`%.Nf` digits, C's `%g`, Python's
   * `str(float)`, or null for the shortest form): writeApg follows it unless given a `precision`.
   * `apgFormat.rewriteSync` sets it from the file (detectNumberFormat); readApg leaves it unset
   * (detecting costs about 4× the read). Undefined: the shortest form everywhere.
   */
  numberFormat?: Record<string, (number | 'g' | 'repr' | null)[]>;
}

export const APG_MAGIC = "@Anton's";
export const APG_DEFAULT_HEADER = "@Anton's custom mesh format v.27DEC2014 (meshcodec)";

/** Values per key of each kind. */
export const APG_KEY_COMPONENTS: Record<ApgKeyKind, number> = { tra: 3, rot: 4, sca: 3 };
export const APG_KEY_WORDS: Record<ApgKeyKind, string> = { tra: 'TRA', rot: 'ROT', sca: 'SCA' };
