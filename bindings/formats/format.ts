import type { Asset } from '../model/asset.js';
import type { Kernels } from '../kernels/kernels.js';

export type FormatName = 'unigine' | 'iqm' | 'ms2' | 'tf' | 'apg' | 'gltf' | 'glb';

export interface ReadOptions {
  /** Kernels to decode with; default: the library-wide backend (`getKernels()`). */
  kernels?: Kernels;
  /** Frames per second for formats that store none (UNIGINE); default 30. */
  frameRate?: number;
}

export interface WriteOptions {
  kernels?: Kernels;
  /** How float values are quantized where the format stores fixed point. */
  quantize?: 'truncate' | 'round';
}

/**
 * One per format, shaped like a loaders.gl loader (`name`, `extensions`, `mimeTypes`, `binary`,
 * `parseSync`) plus what the CLI needs: recognising a file and summarising it.
 */
export interface FormatHandler {
  name: FormatName;
  extensions: readonly string[];
  mimeTypes: readonly string[];
  binary: boolean;
  /** True when the first bytes are this format's (a magic, never the whole file). */
  test(bytes: Uint8Array): boolean;
  /** Reads a file into the Asset model. Throws MeshFormatError for bad input. */
  parseSync(bytes: Uint8Array, options?: ReadOptions): Asset;
  /** Writes an Asset in this format (absent for read-only formats). What the format cannot hold is appended to `asset.warnings`. */
  encodeSync?(asset: Asset, options?: WriteOptions): Uint8Array;
  /** Format-specific facts for `meshcodec info` (surfaces, version, …). */
  describe?(bytes: Uint8Array, options?: ReadOptions): Record<string, unknown>;
}

export const DEFAULT_FRAME_RATE = 30;
