import { defineFormat } from '../define-format.js';
import type { FormatHandler, ReadOptions } from '../format.js';
import type { WriteOptions } from '../format.js';
import { assetToApg } from './from-asset.js';
import { readApg } from './read-apg.js';
import { APG_SIGNATURE } from './apg-signature.js';
import { apgToAsset } from './to-asset.js';
import { detectNumberFormat } from './detect-precision.js';
import { writeApg, type WriteApgOptions } from './write-apg.js';

/** What `apgFormat.encodeSync` takes. */
export interface ApgWriteOptions extends WriteOptions, WriteApgOptions {}

/** apg (capnramses/apg_mesh), ASCII. */
export const apgFormat = defineFormat({
  ...APG_SIGNATURE,
  // Calls given no kernels run the js kernels below these sizes (kernels/small-input.ts, bench/small-inputs.bench.ts).
  smallInput: { parse: 4 * 1024, encode: 2 * 1024 },
  parseSync: (bytes, options = {}) => {
    const warnings: string[] = [];
    const kernels = options.kernels ? { kernels: options.kernels } : {};
    const asset = apgToAsset(readApg(bytes, { ...kernels, warnings }), { ...kernels, ...(options.frameRate ? { frameRate: options.frameRate } : {}) });
    asset.warnings.unshift(...warnings);
    return asset;
  },
  encodeSync: (asset, options = {}) => writeApg(assetToApg(asset, options), options),
  /** The same numbers spelled as the file spells them (detectNumberFormat), unless `precision` is given. */
  rewriteSync: (bytes, options = {}) => {
    const document = readApg(bytes, options.kernels ? { kernels: options.kernels } : {});
    const numberFormat = options.precision === undefined ? detectNumberFormat(bytes) : undefined;
    if (numberFormat) document.numberFormat = numberFormat;
    return writeApg(document, options);
  },
  describe: (bytes, options = {}) => {
    const warnings: string[] = [];
    const d = readApg(bytes, { ...(options.kernels ? { kernels: options.kernels } : {}), warnings });
    return {
      header: d.header,
      vertexCount: d.vertexCount,
      blocks: d.vertexArrays.map((a) => `${a.name} comps ${a.components}`),
      bones: d.skeleton?.bones,
      hierarchyNodes: d.hierarchy?.length,
      animations: d.animations.map((a) => ({ name: a.name, duration: a.duration, keyBlocks: a.keys.length })),
      boundingRadius: d.boundingRadius,
      quirks: warnings.length ? warnings : undefined,
    };
  },
} satisfies FormatHandler<ReadOptions, ApgWriteOptions, 'apg'>);
