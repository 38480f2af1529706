import { MeshFormatError } from '../io/errors.js';
import { currentKernels, getKernels } from '../kernels/backend.js';
import type { Kernels } from '../kernels/kernels.js';
import { validateAsset } from '../model/validate-asset.js';
import type { Asset } from '../model/asset.js';
import type { FormatHandler, ReadOptions, WriteOptions } from './format.js';

/**
 * Runs one public call of a format: anything thrown that is not a MeshFormatError is a bug in
 * meshcodec and comes out as MeshFormatError code INTERNAL (the original as its `cause`), and
 * WebAssembly memory grown by the call is given back (Kernels.trim) however it ends.
 */
export function runFormatCall<T>(format: string, kernels: Kernels | undefined, call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof MeshFormatError) throw error;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new MeshFormatError({ code: 'INTERNAL', format, cause: error }, `internal error, please report it with the file: ${reason}`);
  } finally {
    (kernels ?? currentKernels())?.trim();
  }
}

/**
 * A format handler whose entry points keep the library's contract (see runFormatCall); writers
 * first check the Asset (validateAsset). Every handler in FORMATS is made with this.
 */
export function defineFormat<R extends ReadOptions, W extends WriteOptions>(handler: FormatHandler<R, W>): FormatHandler<R, W> {
  const { name } = handler;
  const checked = (asset: Asset, options: W | undefined) => {
    validateAsset(asset, options?.kernels ?? getKernels());
    return asset;
  };
  const guarded: FormatHandler<R, W> = {
    ...handler,
    parseSync: (bytes, options) => runFormatCall(name, options?.kernels, () => handler.parseSync(bytes, options)),
    encodeSync: (asset, options) => runFormatCall(name, options?.kernels, () => handler.encodeSync(checked(asset, options), options)),
  };
  const { encodeFiles, describe } = handler;
  if (encodeFiles) guarded.encodeFiles = (asset, baseName, options) => runFormatCall(name, options?.kernels, () => encodeFiles(checked(asset, options), baseName, options));
  if (describe) guarded.describe = (bytes, options) => runFormatCall(name, options?.kernels, () => describe(bytes, options));
  return guarded;
}
