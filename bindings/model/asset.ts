/**
 * The format-neutral model every format converts through. Attributes are typed arrays owned by
 * the Asset (never views into WebAssembly memory). Conventions:
 * - right-handed; Y-up is not assumed (formats keep their own axes and say so in `Asset.upAxis`);
 * - front faces wind counter-clockwise (as glTF and OpenGL): the IQM reader reverses IQM's
 *   clockwise triangles, UNIGINE's are taken as stored;
 * - texture coordinates have their origin at the image's top-left corner, v growing downward (as
 *   glTF and Direct3D): IQM's are kept as stored (assimp, whose own origin is bottom-left, flips
 *   v on import; test/iqm-assimp.test.ts), and so are UNIGINE's;
 * - rotations are unit quaternions (x, y, z, w), times are seconds.
 */

export type IndexArray = Uint8Array | Uint16Array | Uint32Array;

export interface MeshAttributes {
  /** xyz per vertex. Every mesh has positions. */
  positions: Float32Array;
  /** xyz per vertex, unit length. */
  normals?: Float32Array;
  /** xyzw per vertex: w = ±1 is the bitangent sign (glTF convention). */
  tangents?: Float32Array;
  /** uv per vertex, per set (uvs[0] = first set). */
  uvs?: Float32Array[];
  /** rgba per vertex in 0..1. */
  colors?: Float32Array;
  /** Four joint indices per vertex (into Asset.skeleton.joints). */
  joints?: Uint16Array;
  /** Four weights per vertex, matching `joints`. */
  weights?: Float32Array;
}

export interface Mesh {
  name: string;
  attributes: MeshAttributes;
  /** Triangle list, three indices per triangle, at the narrowest width that holds the vertex count. */
  indices: IndexArray;
  /** Material names this mesh refers to (formats that have them). */
  material?: string;
  /** Named extra per-vertex data the Asset model has no slot for (custom arrays, unknown attributes). */
  extras?: Record<string, { components: number; data: Float32Array }>;
  /** Morph targets (blend shapes), in order. */
  targets?: MorphTarget[];
}

/**
 * One morph target of a mesh, stored as glTF stores them: per-vertex displacements added to the
 * mesh's own attributes (weight 1 gives `positions + target.positions`), not absolute values.
 */
export interface MorphTarget {
  name: string;
  /** xyz displacement per vertex (same vertex count as the mesh). */
  positions: Float32Array;
  /** xyz normal displacement per vertex, when the target changes normals. */
  normals?: Float32Array;
}

export interface Joint {
  name: string;
  /** Index of the parent joint, −1 for a root. Parents come before children. */
  parent: number;
  /** Local bind pose relative to the parent. */
  translation: [number, number, number];
  rotation: [number, number, number, number];
  scale: [number, number, number];
}

export interface Skeleton {
  joints: Joint[];
}

/**
 * One animated joint's keys. Each present channel has `times.length` keys:
 * translation xyz, rotation xyzw, scale xyz, packed per key. Values hold before the first key
 * and after the last, so a track with one key is constant. Readers key only the frames a file
 * stores values for (a channel that never changes is one key, values held to the end are one
 * more key at the last frame), so that key memory follows the file's size, not the frame
 * count it claims. `times` arrays may be shared between tracks: treat them as read-only.
 */
export interface Track {
  joint: number;
  times: Float32Array;
  translation?: Float32Array;
  rotation?: Float32Array;
  scale?: Float32Array;
}

export interface Animation {
  name: string;
  /** Frames per second the source was sampled at (informational; `times` are authoritative). */
  frameRate: number;
  /** Number of frames the source stored. */
  frameCount: number;
  loop?: boolean;
  tracks: Track[];
}

/**
 * An image a material uses, as found: `uri` is the name it was found by (a file name relative to
 * the input, as a material or the file named it) or, for an image embedded in a glTF, its name
 * there; `bytes` are the image file's bytes as they are (PNG, JPEG, TGA, …) when they were read,
 * absent when only the reference is known (a glTF's image URI that `resolve` did not find).
 */
export interface TextureImage {
  uri: string;
  /** `image/png`, `image/jpeg`, `image/x-tga`, … from the bytes' signature or the name's extension. */
  mimeType?: string;
  bytes?: Uint8Array;
}

/**
 * A material with what the Asset knows of it beyond its name. Meshes name their material
 * (`Mesh.material`); a material listed here under that name adds its base colour texture. Names
 * are unique; a mesh's material need not be listed (it is then a name only).
 */
export interface Material {
  name: string;
  baseColorTexture?: TextureImage;
}

export interface Asset {
  /** Where the asset came from: format name, e.g. 'unigine'. */
  source: string;
  meshes: Mesh[];
  /** Materials with textures, by the names meshes use (see Material). */
  materials?: Material[];
  skeleton?: Skeleton;
  animations: Animation[];
  /** Up axis of the source coordinates, when the format defines one. */
  upAxis?: 'y' | 'z';
  /** What a conversion could not carry over, one sentence each. Never dropped silently. */
  warnings: string[];
}

export function emptyAsset(source: string): Asset {
  return { source, meshes: [], animations: [], warnings: [] };
}

/** Vertices in a mesh (positions are xyz). */
export function vertexCount(mesh: Mesh): number {
  return mesh.attributes.positions.length / 3;
}

export function triangleCount(mesh: Mesh): number {
  return mesh.indices.length / 3;
}

/** Totals for `meshcodec info` and tests. */
export interface AssetSummary {
  meshes: number;
  vertices: number;
  triangles: number;
  joints: number;
  animations: number;
  /** Frames summed over all animations. */
  frames: number;
}

export function summarizeAsset(asset: Asset): AssetSummary {
  let vertices = 0;
  let triangles = 0;
  for (const mesh of asset.meshes) {
    vertices += vertexCount(mesh);
    triangles += triangleCount(mesh);
  }
  return {
    meshes: asset.meshes.length,
    vertices,
    triangles,
    joints: asset.skeleton?.joints.length ?? 0,
    animations: asset.animations.length,
    frames: asset.animations.reduce((sum, a) => sum + a.frameCount, 0),
  };
}
