export * from './apg-document.js';
export { readApg, isApg, type ReadApgOptions } from './read-apg.js';
export { writeApg, WRITE_APG_DEFAULTS, type WriteApgOptions } from './write-apg.js';
export { formatFloat32Shortest, formatFixed } from './format-number.js';
export { apgToAsset, type ApgToAssetOptions } from './to-asset.js';
export { assetToApg, type AssetToApgOptions } from './from-asset.js';
export { apgFormat, type ApgWriteOptions } from './apg-format.js';
export { detectNumberFormat, type ApgNumberFormat, type ApgColumnFormat } from './detect-precision.js';
