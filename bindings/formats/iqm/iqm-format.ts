import type { FormatHandler, ReadOptions } from '../format.js';
import { defineFormat } from '../define-format.js';
import { iqmText, IQM_VERSION, type IqmDocument } from './iqm-document.js';
import { readIqm, type ReadIqmOptions } from './read-iqm.js';
import { IQM_SIGNATURE } from './iqm-signature.js';
import { writeIqm } from './write-iqm.js';
import { iqmToAsset, type IqmToAssetOptions } from './to-asset.js';
import { assetToIqmFile, type IqmWriteOptions } from './from-asset.js';
import { resolveMaterialTextures } from '../../textures/resolve-material-textures.js';
import type { Asset } from '../../model/asset.js';
import { IQM_CUSTOM, IQM_FORMAT_NAMES, IQM_VERTEX_TYPE_NAMES } from './vertex-formats.js';

/** What `iqmFormat.parseSync` takes: the common options and the reader's `maxExpansion` limit. */
export interface IqmReadOptions extends ReadOptions, Pick<ReadIqmOptions, 'maxExpansion'> {}

/** The reader's own options out of the handler's (plain stores, no spreads: a spread of an options object costs a 30 kB file's parse a few percent each). */
function readerOptions(options: IqmReadOptions): ReadIqmOptions {
  const reader: ReadIqmOptions = {};
  if (options.kernels) reader.kernels = options.kernels;
  if (options.maxExpansion !== undefined) reader.maxExpansion = options.maxExpansion;
  return reader;
}

/** readerOptions for the Asset's read: the input viewed, no layout, triangles checked as they are wound. */
function assetReaderOptions(options: IqmReadOptions): ReadIqmOptions {
  const reader = readerOptions(options);
  reader.viewInput = true;
  reader.layout = false;
  reader.checkTriangles = false;
  return reader;
}

/** Per-file facts for `meshcodec info --verbose`. */
export function describeIqm(d: IqmDocument): Record<string, unknown> {
  return {
    version: IQM_VERSION,
    meshes: d.meshes.map((m) => ({ name: iqmText(d, m.name), material: iqmText(d, m.material), vertices: m.vertexCount, triangles: m.triangleCount })),
    vertexArrays: d.vertexArrays.map((a) => ({
      type: a.type >= IQM_CUSTOM ? `custom:${iqmText(d, a.type - IQM_CUSTOM)}` : (IQM_VERTEX_TYPE_NAMES[a.type] ?? `reserved:${a.type}`),
      format: IQM_FORMAT_NAMES[a.format],
      size: a.size,
    })),
    poses: d.poses.length,
    frameChannels: d.frameChannelCount,
    adjacency: d.adjacency !== undefined,
    bounds: d.bounds !== undefined,
    commentBytes: d.comment.length,
    extensions: d.extensions.map((e) => ({ name: iqmText(d, e.name), bytes: e.data.length })),
  };
}

/** IQM's material names are image file names (`Body.jpg`): found beside the input, they become base colour textures. */
function withTextures(asset: Asset, options: ReadOptions): Asset {
  // Only when a mesh names a material: with none there is nothing to look up (and the lookup's set and map cost 2–3 % of a 30 KB parse).
  if (options.resolve && asset.meshes.some((m) => m.material)) resolveMaterialTextures(asset, options.resolve);
  return asset;
}

const assetOptionsOf = (options: ReadOptions): IqmToAssetOptions => {
  const o: IqmToAssetOptions = {};
  if (options.kernels) o.kernels = options.kernels;
  if (options.frameRate) o.frameRate = options.frameRate;
  return o;
};

/** Inter-Quake Model v2 (.iqm). Its optional members (`rewriteSync`, `describe`, `inspect`) are all there, so they need no `!`. */
export const iqmFormat = defineFormat({
  ...IQM_SIGNATURE,
  // Calls given no kernels run the js kernels below these sizes (kernels/small-input.ts, bench/small-inputs.bench.ts).
  smallInput: { parse: 4 * 1024, encode: 4 * 1024 },
  parseSync: (bytes, options = {}) => withTextures(iqmToAsset(readIqm(bytes, assetReaderOptions(options)), assetOptionsOf(options)), options),
  encodeSync: (asset, options = {}) => assetToIqmFile(asset, { ...options, viewAsset: true }),
  rewriteSync: (bytes, options = {}) => writeIqm(readIqm(bytes, readerOptions(options))),
  describe: (bytes, options = {}) => describeIqm(readIqm(bytes, readerOptions(options))),
  inspect: (bytes, options = {}) => {
    const document = readIqm(bytes, assetReaderOptions(options));
    return { asset: withTextures(iqmToAsset(document, assetOptionsOf(options)), options), details: describeIqm(document) };
  },
} satisfies FormatHandler<IqmReadOptions, IqmWriteOptions, 'iqm'>);
