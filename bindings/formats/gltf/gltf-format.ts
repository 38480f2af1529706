import type { Asset } from '../../model/asset.js';
import type { FormatHandler, ReadOptions, WriteOptions } from '../format.js';
import { assetToDocument } from './asset-to-document.js';
import type { AssetToGltfOptions } from './asset-to-gltf-options.js';
import { isGlb } from './glb-container.js';
import { readGltfInput } from './read-gltf.js';
import { gltfToAsset, type GltfToAssetOptions } from './to-asset.js';
import { documentToEmbeddedGltf, documentToGlb, documentToGltfFiles } from './write-gltf.js';
import { defineFormat } from '../define-format.js';

/** What the glTF handlers read with: the common options plus the glTF → Asset ones. */
export interface GltfReadOptions extends ReadOptions, Omit<GltfToAssetOptions, 'kernels' | 'frameRate'> {}

/** What the glTF handlers write with: the common options plus the Asset → glTF ones. */
export interface GltfWriteOptions extends WriteOptions, Omit<AssetToGltfOptions, 'kernels'> {
  /**
   * For `.gltf` written with `encodeFiles`: false (default) puts the buffer in a `.bin` file beside
   * the `.gltf`; true embeds it as a base64 data: URI. `encodeSync` (one file) always embeds.
   */
  embedBuffers?: boolean;
}

export const GLTF_WRITE_DEFAULTS: Required<Omit<GltfWriteOptions, 'kernels' | 'quantize' | 'fileName'>> = {
  upAxis: 'y',
  flipWinding: false,
  flipV: false,
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

const gltfDocument = (asset: Asset, options: GltfWriteOptions) => assetToDocument(asset, options);

/** glTF 2.0 JSON (.gltf). `encodeSync` embeds the buffer; `encodeFiles` writes a .bin beside it unless `embedBuffers`. */
export const gltfFormat = defineFormat({
  name: 'gltf',
  extensions: ['.gltf'],
  mimeTypes: ['model/gltf+json'],
  binary: false,
  test: (bytes) => !isGlb(bytes) && /^\s*\{[\s\S]*"asset"\s*:/.test(new TextDecoder().decode(bytes.subarray(0, 4096))),
  // External buffers are named inside the JSON: a read's size is not known beforehand.
  companions: () => undefined,
  parseSync: parseGltf,
  encodeSync: (asset, options = {}) => documentToEmbeddedGltf(gltfDocument(asset, options)),
  encodeFiles: (asset, baseName, options = {}) => {
    const document = gltfDocument(asset, options);
    if (options.embedBuffers ?? GLTF_WRITE_DEFAULTS.embedBuffers) return [{ name: baseName, bytes: documentToEmbeddedGltf(document) }];
    return documentToGltfFiles(document, baseName);
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
  // External buffers are named inside the JSON: a read's size is not known beforehand.
  companions: () => undefined,
  parseSync: parseGltf,
  encodeSync: (asset, options = {}) => documentToGlb(gltfDocument(asset, options)),
  describe: describeGltf,
} satisfies FormatHandler<GltfReadOptions, GltfWriteOptions, 'glb'>);
