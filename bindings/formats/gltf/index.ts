export { GLB_MAGIC, GLB_VERSION, GLB_CHUNK, isGlb } from './glb-container.js';
export { readGltfInput, type GltfInput } from './read-gltf.js';
export { AccessorReader } from './accessors.js';
export { gltfToAsset, GLTF_TO_ASSET_DEFAULTS, type GltfToAssetOptions } from './to-asset.js';
export { ASSET_TO_GLTF_DEFAULTS, type AssetToGltfOptions } from './asset-to-gltf-options.js';
export { gltfFormat, glbFormat, parseGltf, GLTF_WRITE_DEFAULTS, type GltfReadOptions, type GltfWriteOptions } from './gltf-format.js';
export { writeMaterialTextures, texturedMaterials, TEXTURE_DEFAULTS, type TextureMode, type GltfTextureJson } from './texture-images.js';
export { readMaterialTextures } from './read-material-textures.js';
export { GLTF_QUANTIZE_DEFAULTS, type GltfQuantizeOptions } from './quantize-attributes.js';
export { initMeshopt, meshoptReady, mentionsMeshopt } from './meshopt-module.js';
export {
  encodeMeshoptView,
  meshoptFallbackBuffer,
  octahedralFilter,
  quaternionFilter,
  exponentialFilter,
  reorderForMeshopt,
  remapElements,
  MESHOPT_ENCODE_DEFAULTS,
  type MeshoptViewSource,
  type MeshoptEncodedView,
  type MeshoptReorder,
  type MeshoptExponentMode,
} from './meshopt-encode.js';
export { EXT_MESHOPT_COMPRESSION, MESHOPT_MODES, MESHOPT_FILTERS, type MeshoptMode, type MeshoptFilter, type MeshoptViewExtension } from './meshopt-rules.js';
export { decodeMeshoptView } from './meshopt-decode.js';
