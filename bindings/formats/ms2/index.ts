export * from './ms2-document.js';
export { readMs2, isMs2 } from './read-ms2.js';
export { writeMs2 } from './write-ms2.js';
export { ms2ToAsset, type Ms2ToAssetOptions } from './to-asset.js';
export { assetToMs2, MS2_WRITE_DEFAULTS, type AssetToMs2Options, type Ms2WriteOptions } from './from-asset.js';
export { tightBounds, unityPositionBounds, unityUvBounds } from './quantization-bounds.js';
export { ms2Format } from './ms2-format.js';
