import type { Asset } from '../../model/asset.js';
import type { FormatHandler, ReadOptions, WriteOptions } from '../format.js';
import { assetToGltf } from './asset-to-gltf.js';
import type { AssetToGltfOptions } from './asset-to-gltf-options.js';
import { isGlb } from './glb-container.js';
import { readGltfInput } from './read-gltf.js';
import { gltfToAsset, type GltfToAssetOptions } from './to-asset.js';
import { gltfToEmbedded, gltfToFiles, gltfToGlb } from './write-gltf.js';
import { defineFormat } from '../define-format.js';

/** What the glTF handlers read with: the common options plus the glTF → Asset ones. */
export interface GltfReadOptions extends ReadOptions, Omit<GltfToAssetOptions, 'kernels' | 'frameRate'> {}

/** What the glTF handlers write with: the common options plus the Asset → glTF ones. */
export interface GltfWriteOptions extends Omit<WriteOptions, 'quantize'>, Omit<AssetToGltfOptions, 'kernels'> {
  /**
   * For `.gltf` written with `encodeFiles`: false (default) puts the buffer in a `.bin` file beside
   * the `.gltf`; true embeds it as a base64 data: URI. `encodeSync` (one file) always embeds.
   */
  embedBuffers?: boolean;
}

export const GLTF_WRITE_DEFAULTS: Required<Omit<GltfWriteOptions, 'kernels' | 'fileName'>> = {
  upAxis: 'y',
  flipWinding: false,
  flipV: false,
  quantize: false,
  compress: 'none',
  embedBuffers: false,
};

/** A .glb or .gltf file (with its external buffers through `options.resolve`) to an Asset. */
export function parseGltf(bytes: Uint8Array, options: GltfReadOptions = {}): Asset {
  return gltfToAsset(readGltfInput(bytes, options.resolve, options.kernels), options);
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

const builtGltf = (asset: Asset, options: GltfWriteOptions) => assetToGltf(asset, options).build({ compress: options.compress });

/** glTF 2.0 JSON (.gltf). `encodeSync` embeds the buffer; `encodeFiles` writes a .bin beside it unless `embedBuffers`. */
export const gltfFormat = defineFormat({
  name: 'gltf',
  extensions: ['.gltf'],
  mimeTypes: ['model/gltf+json'],
  binary: false,
  test: (bytes) => !isGlb(bytes) && /^\s*\{[\s\S]*"asset"\s*:/.test(new TextDecoder().decode(bytes.subarray(0, 4096))),
  parseSync: parseGltf,
  encodeSync: (asset, options = {}) => gltfToEmbedded(builtGltf(asset, options)),
  encodeFiles: (asset, baseName, options = {}) => {
    const built = builtGltf(asset, options);
    if (options.embedBuffers ?? GLTF_WRITE_DEFAULTS.embedBuffers) return [{ name: baseName, bytes: gltfToEmbedded(built) }];
    return gltfToFiles(built, baseName);
  },
  describe: describeGltf,
} satisfies FormatHandler<GltfReadOptions, GltfWriteOptions, 'gltf'>);

/** Binary glTF 2.0 (.glb): one file, JSON and buffer in chunks. */
export const glbFormat = defineFormat({
  name: 'glb',
  extensions: ['.glb'],
  mimeTypes: ['model/gltf-binary'],
  binary: true,
  test: isGlb,
  parseSync: parseGltf,
  encodeSync: (asset, options = {}) => gltfToGlb(builtGltf(asset, options)),
  describe: describeGltf,
} satisfies FormatHandler<GltfReadOptions, GltfWriteOptions, 'glb'>);
