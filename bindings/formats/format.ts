import type { Asset } from '../model/asset.js';
import type { Kernels } from '../kernels/kernels.js';
import type { SmallInputThresholds } from '../kernels/small-input.js';

/**
 * Reads a file that belongs with the one being parsed (Transport Fever's `.msh.blob`, a glTF's
 * external buffers), by a name relative to it. Returns undefined when there is no such file.
 * The Node helpers resolve only inside the input's folder.
 */
export type SiblingResolver = (relativeName: string) => Uint8Array | undefined;

export interface ReadOptions {
  /** Kernels to decode with; default: the library-wide backend (`getKernels()`). */
  kernels?: Kernels;
  /** Frames per second for formats that store none (UNIGINE); default 30. */
  frameRate?: number;
  /** The input's file name, for messages and for resolving siblings. */
  fileName?: string;
  /** Files that belong with this one (see SiblingResolver). */
  resolve?: SiblingResolver;
}

export interface WriteOptions {
  kernels?: Kernels;
  /**
   * How float values are quantized where the format stores fixed point: 'truncate' or 'round'
   * (UNIGINE, MeshSerializer2). The glTF writers take their own form (`GltfWriteOptions.quantize`:
   * false, true or bits per attribute), which is why this is wider than those two.
   */
  quantize?: 'truncate' | 'round' | boolean | object;
  /**
   * The output's file name. Formats with several kinds of file (UNIGINE `.mesh` / `.anim`)
   * write the kind its extension names, so that a file's contents always match its extension.
   */
  fileName?: string;
}

/** One output file of a format that writes several (`name` relative to the main output). */
export interface EncodedFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * One per format, shaped like a loaders.gl loader (`name`, `extensions`, `mimeTypes`, `binary`,
 * `parseSync`) plus what the CLI needs: recognising a file and summarising it. `R` and `W` are
 * the format's own option types.
 */
export interface FormatHandler<R extends ReadOptions = ReadOptions, W extends WriteOptions = WriteOptions, N extends string = string> {
  /** The format's name (`FormatName` is the union of the registered handlers' names). */
  name: N;
  /** Other names `formatByName` and the CLI's `--format` / `--to` accept (`mesh` for unigine). */
  aliases?: readonly string[];
  extensions: readonly string[];
  mimeTypes: readonly string[];
  binary: boolean;
  /** True when the first bytes are this format's (a magic, never the whole file). */
  test(bytes: Uint8Array): boolean;
  /** Reads a file into the Asset model. Throws MeshFormatError for bad input. */
  parseSync(bytes: Uint8Array, options?: R): Asset;
  /** Writes an Asset in this format. What the format cannot hold is appended to `asset.warnings`. */
  encodeSync(asset: Asset, options?: W): Uint8Array;
  /**
   * Formats whose output is several files (Transport Fever `.msh` + `.msh.blob`, `.gltf` + `.bin`):
   * every file, the main one first, named from `baseName` (the main output's file name).
   */
  encodeFiles?(asset: Asset, baseName: string, options?: W): EncodedFile[];
  /**
   * The extension (with its dot) `encodeSync` gives this Asset with these options, for formats
   * with several kinds of file (UNIGINE: `.mesh` when the Asset has meshes, else `.anim`).
   * Without it, the first of `extensions`.
   */
  outputExtension?(asset: Asset, options?: W): string;
  /**
   * Same-format conversion without the Asset: reads the file into this format's document and
   * writes that back: the same bytes where the format allows (binary formats), else a file that
   * reads back to the same document (text formats). Only the options that reading and writing the
   * document take apply (`kernels`, limits); conversion options such as quantization do not.
   */
  rewriteSync?(bytes: Uint8Array, options?: R & W): Uint8Array;
  /**
   * Names of the files a read of `bytes` takes through `options.resolve` (TF: the .msh's blob),
   * for sizing the call (kernels/small-input.ts); undefined when they cannot be named before
   * reading (glTF's external buffers). Formats that never resolve files leave it out.
   */
  companions?(bytes: Uint8Array, options: R): readonly string[] | undefined;
  /**
   * Where this format's calls given no `kernels` switch from the js kernels to the library-wide
   * backend, per direction, in bytes (kernels/small-input.ts: measured crossovers, each capped by
   * SMALL_INPUT_DEFAULTS.bytes); a direction left out uses SMALL_INPUT_DEFAULTS.bytes.
   */
  smallInput?: SmallInputThresholds;
  /** Format-specific facts for `meshcodec info` (surfaces, version, …). */
  describe?(bytes: Uint8Array, options?: R): Record<string, unknown>;
  /** `parseSync` and `describe` from one read of the file (`meshcodec info --verbose`). */
  inspect?(bytes: Uint8Array, options?: R): { asset: Asset; details: Record<string, unknown> };
}

export const DEFAULT_FRAME_RATE = 30;

/**
 * For formats with several kinds of file: the kind an output's file name asks for, by its
 * extension (`{ '.mesh': 'mesh', '.anim': 'anim' }`), or undefined when it names none.
 */
export function kindForFileName<K extends string>(fileName: string | undefined, kinds: Readonly<Record<string, K>>): K | undefined {
  const name = fileName?.toLowerCase() ?? '';
  for (const [extension, kind] of Object.entries(kinds)) if (name.endsWith(extension)) return kind;
  return undefined;
}
