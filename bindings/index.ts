export { MeshFormatError, type MeshFormatErrorCode, type MeshFormatErrorInit } from './io/errors.js';
export { ByteReader } from './io/byte-reader.js';
export { ByteWriter } from './io/byte-writer.js';
export * from './model/asset.js';
export { validateAsset, toIndexArray, indexArrayFor, ASSET_FORMAT } from './model/validate-asset.js';
export { resolveMaterialTextures, textureCandidates, TEXTURE_EXTENSIONS, MAX_TEXTURE_LOOKUPS } from './textures/resolve-material-textures.js';
export { decodeTga, type DecodedImage } from './textures/decode-tga.js';
export { tgaToPng } from './textures/tga-to-png.js';
export { resampleAnimation, isOnFrameGrid, framesToCover, animationDuration, sampleChannel, fillFrames, gridKeyCount, checkSampledKeys, checkSampledFrames, FRAME_TIME_TOLERANCE, MAX_SAMPLED_KEYS, MAX_SAMPLED_FRAMES, MAX_KEPT_FRAME_RATE } from './model/resample-animation.js';
export { Kernels, indexWidthFor, layoutBytes, DEFAULT_MEMORY_CAP, type BackendName, type IndexWidth, type Workspace, type WorkspaceLayout, type WorkspaceArrays, type ArrayKind } from './kernels/kernels.js';
export type { QuantizeMode, RawKernels } from './kernels/raw-kernels.js';
export { init, initSync } from './init.js';
export {
  getKernels,
  backend,
  createKernels,
  createKernelsSync,
  simdSupported,
  wasmSupported,
  INIT_DEFAULTS,
  type InitOptions,
  type BackendChoice,
} from './kernels/backend.js';
export { SMALL_INPUT_DEFAULTS } from './kernels/small-input.js';
export type { FormatHandler, ReadOptions, WriteOptions, EncodedFile, SiblingResolver } from './formats/format.js';
export { FORMATS, FORMAT_NAMES, detectFormat, formatByName, formatByExtension, type FormatName } from './formats/registry.js';
export { warmUp } from './formats/warm-up.js';
export { toLoader, type MeshcodecLoader } from './formats/loaders.js';
export { iqmFormat } from './formats/iqm/index.js';
export { unigineFormat } from './formats/unigine/index.js';
export { tfFormat } from './formats/tf/index.js';
export { gltfFormat, glbFormat } from './formats/gltf/index.js';
export { initMeshopt, meshoptReady } from './formats/gltf/meshopt-module.js';
export { ms2Format } from './formats/ms2/index.js';
export { apgFormat } from './formats/apg/index.js';
/** Each format's document types, readers and writers, converters and defaults. */
export * as iqm from './formats/iqm/index.js';
export * as unigine from './formats/unigine/index.js';
export * as tf from './formats/tf/index.js';
export * as gltf from './formats/gltf/index.js';
export * as ms2 from './formats/ms2/index.js';
export * as apg from './formats/apg/index.js';
export { IqmLoader, UnigineLoader, TfLoader, GltfLoader, GlbLoader, Ms2Loader, ApgLoader } from './formats/loaders.js';
