// `meshcodec/three`: the three.js loader. `three` is a peer dependency of this entry only; the
// rest of meshcodec never imports it.
export { MeshcodecLoader, MESHCODEC_LOADER_DEFAULTS, fileNameOfUrl, type MeshcodecLoaderOptions, type MeshcodecParseOptions, type MeshcodecResult, type MeshcodecLoadInfo } from './meshcodec-loader.js';
export { assetToThree, ASSET_TO_THREE_DEFAULTS, type AssetObjects, type AssetToThreeOptions } from './asset-to-three.js';
export { assetToYUp } from './asset-y-up.js';
export { MATERIAL_DEFAULTS, type CreateMaterial } from './materials.js';
export { uvAttributeName } from './build-geometry.js';
export { companionNames, type CompanionName } from './companion-names.js';
