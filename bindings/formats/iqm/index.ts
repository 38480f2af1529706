export * from './iqm-document.js';
export * from './vertex-formats.js';
export { readIqm, isIqm, READ_IQM_DEFAULTS, type ReadIqmOptions } from './read-iqm.js';
export { writeIqm } from './write-iqm.js';
export { dequantizeFrames } from './dequantize-frames.js';
export { iqmToAsset, IQM_TO_ASSET_DEFAULTS, type IqmToAssetOptions } from './to-asset.js';
export { assetToIqm, ASSET_TO_IQM_DEFAULTS, type AssetToIqmOptions, type IqmWriteOptions } from './from-asset.js';
export { iqmFormat, type IqmReadOptions } from './iqm-format.js';
