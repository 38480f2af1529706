// The Asset → glTF options, apart from the converter (asset-to-gltf.ts): they are public (the
// glTF handlers' write options extend them), the converter is internal.
import type { Kernels } from '../../kernels/kernels.js';
import type { GltfQuantizeOptions } from './quantize-attributes.js';

export interface AssetToGltfOptions {
  kernels?: Kernels;
  /**
   * 'y': a Z-up Asset (`upAxis: 'z'`, as IQM and UNIGINE give) is turned into glTF's Y-up,
   * (x, y, z) → (x, z, −y), positions, normals, tangents, morph targets, bind pose and keys alike;
   * 'keep': coordinates are written as they are.
   */
  upAxis?: 'y' | 'keep';
  /** Reverse every triangle. The Asset winds front faces counter-clockwise, as glTF does, so the default is false. */
  flipWinding?: boolean;
  /** v → 1 − v in every UV set. The Asset's UV origin is the top-left, as glTF's, so the default is false. */
  flipV?: boolean;
  /**
   * false (default): every attribute float32, lossless. true, or bits per attribute (missing ones
   * take GLTF_QUANTIZE_DEFAULTS): positions, normals, tangents, UVs, colours, skin weights and
   * rotation keys as integers (KHR_mesh_quantization), each within the error README § glTF
   * quantization states; what was quantized, and the largest position error, is said in `asset.warnings`.
   */
  quantize?: boolean | GltfQuantizeOptions;
  /**
   * 'none' (default), or 'meshopt': vertex, index and animation data compressed with
   * EXT_meshopt_compression (meshoptimizer's encoder; `await gltf.initMeshopt()` first), each
   * mesh's vertices reordered for the vertex cache and vertex fetch before (so a mesh reads back
   * with its vertices in another order, the same triangles).
   */
  compress?: 'none' | 'meshopt';
  /**
   * false (default). true: UV sets and tangents no material of the written file reads are left
   * out (a textured material reads its meshes' first UV set; with `textures: 'none'` none is read;
   * tangents serve normal maps, which are never written), each mesh's warned, and the vertices
   * that then differ in nothing are made one (prune-unread.ts), as gltfpack does without -kv.
   * Opt-in: an application may read them itself (lightmaps, its own shading).
   */
  pruneUnread?: boolean;
  /**
   * false (default). true: meshes without morph targets of one material and one attribute layout
   * (skinned ones with skinned ones) are merged into one mesh, named after the first
   * (merge-meshes.ts; warned with the names merged), as gltfpack does by default: mesh names and
   * boundaries are lost.
   */
  mergeMeshes?: boolean;
}

export const ASSET_TO_GLTF_DEFAULTS: Required<Omit<AssetToGltfOptions, 'kernels'>> = { upAxis: 'y', flipWinding: false, flipV: false, quantize: false, compress: 'none', pruneUnread: false, mergeMeshes: false };

/**
 * ASSET_TO_GLTF_DEFAULTS with `options`' own values over them: what `{ ...ASSET_TO_GLTF_DEFAULTS,
 * ...options }` gives for these keys (a value given as undefined stays undefined), as one object
 * of one shape. The spread of a caller's options object (of any shape, with the handler's other
 * options in it) took V8's slow copy on every encode.
 */
export function assetToGltfSettings(options: AssetToGltfOptions): Required<Omit<AssetToGltfOptions, 'kernels'>> {
  const d = ASSET_TO_GLTF_DEFAULTS;
  return {
    upAxis: Object.hasOwn(options, 'upAxis') ? options.upAxis! : d.upAxis,
    flipWinding: Object.hasOwn(options, 'flipWinding') ? options.flipWinding! : d.flipWinding,
    flipV: Object.hasOwn(options, 'flipV') ? options.flipV! : d.flipV,
    quantize: Object.hasOwn(options, 'quantize') ? options.quantize! : d.quantize,
    compress: Object.hasOwn(options, 'compress') ? options.compress! : d.compress,
    pruneUnread: Object.hasOwn(options, 'pruneUnread') ? options.pruneUnread! : d.pruneUnread,
    mergeMeshes: Object.hasOwn(options, 'mergeMeshes') ? options.mergeMeshes! : d.mergeMeshes,
  };
}
