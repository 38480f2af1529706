export { MeshFormatError, type MeshFormatErrorCode, type MeshFormatErrorInit } from './io/errors.js';
export { ByteReader } from './io/byte-reader.js';
export { ByteWriter } from './io/byte-writer.js';
export * from './model/asset.js';
export { Kernels, indexWidthFor, type BackendName, type IndexWidth, type Workspace } from './kernels/kernels.js';
export type { QuantizeMode, RawKernels } from './kernels/raw-kernels.js';
export {
  init,
  initSync,
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
export type { FormatHandler, ReadOptions, WriteOptions, EncodedFile, SiblingResolver } from './formats/format.js';
export { FORMATS, FORMAT_NAMES, detectFormat, formatByName, formatByExtension, type FormatName } from './formats/registry.js';
export { toLoader, type MeshcodecLoader } from './formats/loaders.js';
export { iqmFormat } from './formats/iqm/index.js';
export { unigineFormat } from './formats/unigine/index.js';
/** Each format's document types, readers and writers, converters and defaults. */
export * as iqm from './formats/iqm/index.js';
export * as unigine from './formats/unigine/index.js';
export { IqmLoader, UnigineLoader } from './formats/loaders.js';
