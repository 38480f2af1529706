import { defineFormat } from '../define-format.js';
import type { FormatHandler, ReadOptions } from '../format.js';
import { encodeMs2, type Ms2WriteOptions } from './from-asset.js';
import { MS2_FORMAT, MS2_UNITY_READER_LIMIT } from './ms2-document.js';
import { readMs2 } from './read-ms2.js';
import { MS2_SIGNATURE } from './ms2-signature.js';
import { ms2ToAsset } from './to-asset.js';
import { stagedMs2ToAsset } from './staged-read.js';
import { getKernels } from '../../kernels/backend.js';
import { writeMs2 } from './write-ms2.js';

/** MeshSerializer2 (Unity): no magic, so detected only by its exact size; `.data` / `.bytes` otherwise. */
export const ms2Format = defineFormat({
  ...MS2_SIGNATURE,
  // Calls given no kernels run the js kernels below these sizes (kernels/small-input.ts, bench/small-inputs.bench.ts).
  smallInput: { parse: 2 * 1024, encode: 1024 },
  parseSync: (bytes, options = {}) => stagedMs2ToAsset(bytes, options.kernels ?? getKernels()) ?? ms2ToAsset(readMs2(bytes, options.kernels), options.kernels ? { kernels: options.kernels } : {}, true),
  encodeSync: encodeMs2,
  rewriteSync: (bytes) => writeMs2(readMs2(bytes)),
  describe: (bytes) => {
    const d = readMs2(bytes);
    const arrays = Object.entries(MS2_FORMAT).filter(([, bit]) => d.format & bit).map(([name]) => name);
    return {
      vertexFormat: d.format,
      arrays,
      positionBounds: d.positionBounds ? Array.from(d.positionBounds) : undefined,
      uvBounds: d.uvBounds ? Array.from(d.uvBounds) : undefined,
      aboveUnityReaderLimit: d.vertexCount > MS2_UNITY_READER_LIMIT || d.triangleCount > MS2_UNITY_READER_LIMIT,
    };
  },
} satisfies FormatHandler<ReadOptions, Ms2WriteOptions, 'ms2'>);
