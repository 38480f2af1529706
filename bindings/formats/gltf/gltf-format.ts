import type { Asset } from '../../model/asset.js';
import type { FormatHandler, ReadOptions, WriteOptions } from '../format.js';
import { assetToGltf } from './asset-to-gltf.js';
import type { AssetToGltfOptions } from './asset-to-gltf-options.js';
import { isGlb } from './glb-container.js';
import { readGltfInput } from './read-gltf.js';
import { readMaterialTextures } from './read-material-textures.js';
import { getKernels } from '../../kernels/backend.js';
import { gltfToAsset, type GltfToAssetOptions } from './to-asset.js';
import { gltfToEmbedded, gltfToFiles, gltfToGlb } from './write-gltf.js';
import { TEXTURE_DEFAULTS, texturedMaterials, writeMaterialTextures, type GltfTextureJson, type TextureMode } from './texture-images.js';
import { defineFormat } from '../define-format.js';
import { GLB_SIGNATURE, GLTF_SIGNATURE } from './gltf-signature.js';
import { MeshFormatError } from '../../io/errors.js';
import { mergeStaticMeshes } from './merge-meshes.js';
import { pruneUnreadAttributes } from './prune-unread.js';
import { withWriterArena } from './writer-arena.js';

/** What the glTF handlers read with: the common options plus the glTF → Asset ones. */
export interface GltfReadOptions extends ReadOptions, Omit<GltfToAssetOptions, 'kernels' | 'frameRate'> {}

/** What the glTF handlers write with: the common options plus the Asset → glTF ones. */
export interface GltfWriteOptions extends Omit<WriteOptions, 'quantize'>, Omit<AssetToGltfOptions, 'kernels'> {
  /**
   * For `.gltf` written with `encodeFiles`: false (default) puts the buffer in a `.bin` file beside
   * the `.gltf`; true embeds it as a base64 data: URI. `encodeSync` (one file) always embeds.
   */
  embedBuffers?: boolean;
  /**
   * The materials' base colour textures (`asset.materials`): 'embed' (default) puts the image
   * bytes in the file (PNG and JPEG as they are, TGA converted to PNG), 'uri' refers to the images
   * by their file names (to be kept beside the output), 'none' writes no textures (with a warning).
   */
  textures?: TextureMode;
}

export const GLTF_WRITE_DEFAULTS: Required<Omit<GltfWriteOptions, 'kernels' | 'fileName'>> = {
  upAxis: 'y',
  flipWinding: false,
  flipV: false,
  quantize: false,
  compress: 'none',
  pruneUnread: false,
  mergeMeshes: false,
  embedBuffers: false,
  textures: TEXTURE_DEFAULTS.textures,
};

/** A .glb or .gltf file (with its external buffers through `options.resolve`) to an Asset. */
export function parseGltf(bytes: Uint8Array, options: GltfReadOptions = {}): Asset {
  const kernels = options.kernels ?? getKernels();
  const input = readGltfInput(bytes, options.resolve, kernels);
  const asset = gltfToAsset(input, options);
  readMaterialTextures(input, asset, kernels, options.resolve, (message) => asset.warnings.push(message));
  return asset;
}

function describeGltf(bytes: Uint8Array, options: GltfReadOptions = {}): Record<string, unknown> {
  const { json, buffers } = readGltfInput(bytes, options.resolve, options.kernels);
  const count = (key: string) => (Array.isArray(json[key]) ? (json[key] as unknown[]).length : 0);
  const asset = json.asset as Record<string, unknown>;
  return {
    version: asset.version,
    generator: typeof asset.generator === 'string' ? asset.generator : undefined,
    container: isGlb(bytes) ? 'glb' : 'gltf',
    meshes: count('meshes'),
    nodes: count('nodes'),
    skins: count('skins'),
    animations: count('animations'),
    materials: count('materials'),
    bufferBytes: buffers.reduce((sum, b) => sum + b.length, 0),
    extensionsUsed: Array.isArray(json.extensionsUsed) ? json.extensionsUsed : [],
  };
}

/** The Asset's glTF, its textured materials' images added (texture-images.ts) to the materials the builder made by name. */
function builtGltf(asset: Asset, options: GltfWriteOptions) {
  const warn = (message: string) => asset.warnings.push(message);
  const prepared = preparedMeshes(asset, options, warn);
  const builder = assetToGltf(prepared, options);
  try {
    const materials = texturedMaterials(prepared, warn);
    if (materials.length) writeMaterialTextures(builder.json as unknown as GltfTextureJson, (bytes) => builder.addBufferView(bytes), materials, options.textures ?? GLTF_WRITE_DEFAULTS.textures, warn);
    return builder.build({ compress: options.compress });
  } catch (error) {
    // The writer's scratch (writer-scratch.ts) goes to the next encode; write-gltf.ts releases it after a success.
    builder.scratch.release();
    throw error;
  }
}

/**
 * `write(builtGltf(asset, options))` with the call's intermediate typed arrays from one arena
 * (writer-arena.ts says why), whose chunks go to the next call after: `write` gives fresh bytes,
 * so none of the arena's views outlives the call.
 */
function writtenGltf<T>(asset: Asset, options: GltfWriteOptions, write: (built: ReturnType<typeof builtGltf>) => T): T {
  return withWriterArena(() => write(builtGltf(asset, options)), true);
}

/** The Asset as written: UV sets and tangents no material reads left out (`pruneUnread`), static meshes merged (`mergeMeshes`); the Asset itself when neither is asked for. */
function preparedMeshes(asset: Asset, options: GltfWriteOptions, warn: (message: string) => void): Asset {
  // Each option read once by name (a loop over the names read the caller's options object by a
  // variable key, twice each, on every encode).
  checkBooleanOption('pruneUnread', options.pruneUnread);
  checkBooleanOption('mergeMeshes', options.mergeMeshes);
  if (!options.pruneUnread && !options.mergeMeshes) return asset;
  let meshes = asset.meshes;
  if (options.pruneUnread) meshes = pruneUnreadAttributes(asset, options.textures ?? GLTF_WRITE_DEFAULTS.textures, warn);
  if (options.mergeMeshes) meshes = mergeStaticMeshes(meshes, warn, asset.materials);
  // The same warnings array: what the writer says lands on the caller's Asset.
  return { ...asset, meshes };
}

function checkBooleanOption(key: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') throw new MeshFormatError({ code: 'BAD_OPTION', format: 'gltf' }, `${key} must be true or false, not ${String(value)}`);
}

/** glTF 2.0 JSON (.gltf). `encodeSync` embeds the buffer; `encodeFiles` writes a .bin beside it unless `embedBuffers`. */
export const gltfFormat = defineFormat({
  ...GLTF_SIGNATURE,
  // Calls given no kernels run the js kernels below these sizes (kernels/small-input.ts, bench/small-inputs.bench.ts).
  smallInput: { parse: 12 * 1024, encode: 16 * 1024 },
  // External buffers are named inside the JSON: a read's size is not known beforehand.
  companions: () => undefined,
  parseSync: parseGltf,
  encodeSync: (asset, options = {}) => writtenGltf(asset, options, gltfToEmbedded),
  encodeFiles: (asset, baseName, options = {}) => writtenGltf(asset, options, (built) => {
    if (options.embedBuffers ?? GLTF_WRITE_DEFAULTS.embedBuffers) return [{ name: baseName, bytes: gltfToEmbedded(built) }];
    return gltfToFiles(built, baseName);
  }),
  describe: describeGltf,
} satisfies FormatHandler<GltfReadOptions, GltfWriteOptions, 'gltf'>);

/** Binary glTF 2.0 (.glb): one file, JSON and buffer in chunks. */
export const glbFormat = defineFormat({
  ...GLB_SIGNATURE,
  // Calls given no kernels run the js kernels below these sizes (kernels/small-input.ts, bench/small-inputs.bench.ts).
  smallInput: { parse: 12 * 1024, encode: 16 * 1024 },
  // External buffers are named inside the JSON: a read's size is not known beforehand.
  companions: () => undefined,
  parseSync: parseGltf,
  encodeSync: (asset, options = {}) => writtenGltf(asset, options, gltfToGlb),
  describe: describeGltf,
} satisfies FormatHandler<GltfReadOptions, GltfWriteOptions, 'glb'>);
