import type { Asset } from '../../model/asset.js';
import type { FormatHandler, ReadOptions } from '../format.js';
import { defineFormat, runFormatCall } from '../define-format.js';
import { UNIGINE_SIGNATURE } from './unigine-signature.js';
import { validateAsset } from '../../model/validate-asset.js';
import { getKernels } from '../../kernels/backend.js';
import { FORMAT_NAME } from './read-common.js';
import { assetToUnigine, unigineKindFor, type UnigineWriteOptions } from './from-asset.js';
import type { UnigineDocument } from './mesh-document.js';
import { readUnigine, readUnigineStaged } from './read-document.js';
import { unigineToAsset } from './to-asset.js';
import { writeUnigine } from './write-document.js';

export * from './mesh-document.js';
export { readCompactInt, writeCompactInt } from './compact-int.js';
export { readMesh } from './read-mesh.js';
export { readAnim } from './read-anim.js';
export { readUnigine } from './read-document.js';
export { writeMesh } from './write-mesh.js';
export { writeAnim } from './write-anim.js';
export { writeUnigine } from './write-document.js';
export { unigineToAsset, UNIGINE_READ_DEFAULTS } from './to-asset.js';
export { assetToUnigine, unigineKindFor, UNIGINE_WRITE_DEFAULTS, type UnigineWriteOptions, type UnigineConversion } from './from-asset.js';

/** Any "msNN" or "anNN" magic: ms11 and an10 are read, the others refused with a clear error. */
/** `.mesh` / `.anim` file to Asset. */
export function parseUnigine(bytes: Uint8Array, options: ReadOptions = {}): Asset {
  return runFormatCall(FORMAT_NAME, options.kernels, () => unigineToAsset(readUnigineStaged(bytes, options.kernels ?? getKernels()), options));
}

/** Asset to `.mesh` (or `.anim`, see UnigineWriteOptions.kind). What is lost is added to `asset.warnings`. */
export function encodeUnigine(asset: Asset, options: UnigineWriteOptions = {}): Uint8Array {
  return runFormatCall(FORMAT_NAME, options.kernels, () => {
    validateAsset(asset, options.kernels);
    const { document, warnings } = assetToUnigine(asset, options, 'view');
    asset.warnings.push(...warnings);
    return writeUnigine(document, options.kernels);
  });
}

/** Per-file and per-surface facts for `meshcodec info`. */
export function describeUnigine(doc: UnigineDocument): Record<string, unknown> {
  const common = {
    version: doc.kind === 'mesh' ? 'ms11' : 'an10',
    bones: doc.bones.length,
    animations: doc.animations.map((a) => ({ name: a.name, bones: a.boneIndices.length, frames: a.frameCount })),
  };
  if (doc.kind === 'anim') return common;
  return {
    ...common,
    surfaces: doc.surfaces.map((s) => ({
      name: s.name,
      morphTargets: s.targets.length,
      coordinateVertices: (s.targets[0]?.vertices.length ?? 0) / 3,
      triangleVertices: (s.targets[0]?.tangents.length ?? 0) / 4,
      triangles: s.cindices.length / 3,
      weights: s.weightCounts.length,
      uv0: s.uv0.length / 2,
      uv1: s.uv1.length / 2,
      colors: s.colors.length / 4,
    })),
  };
}

/** UNIGINE `.mesh` (ms11) and `.anim` (an10). Its optional members are all there, so they need no `!`. */
export const unigineFormat = defineFormat({
  ...UNIGINE_SIGNATURE,
  // Calls given no kernels run the js kernels below these sizes (kernels/small-input.ts, bench/small-inputs.bench.ts).
  smallInput: { parse: 512, encode: 3 * 1024 },
  parseSync: parseUnigine,
  encodeSync: encodeUnigine,
  rewriteSync: (bytes, options = {}) => writeUnigine(readUnigine(bytes), options.kernels),
  outputExtension: (asset, options) => (unigineKindFor(asset, options) === 'mesh' ? '.mesh' : '.anim'),
  describe: (bytes) => describeUnigine(readUnigine(bytes)),
  inspect: (bytes, options = {}) => {
    const doc = readUnigine(bytes);
    return { asset: unigineToAsset(doc, options), details: describeUnigine(doc) };
  },
} satisfies FormatHandler<ReadOptions, UnigineWriteOptions, 'unigine'>);
