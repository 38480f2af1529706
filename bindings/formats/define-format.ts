import { MeshFormatError } from '../io/errors.js';
import { currentKernels } from '../kernels/backend.js';
import { encodeInputBytes, smallInputBytes, smallInputKernels, withSmallInputKernels } from '../kernels/small-input.js';
import type { Kernels } from '../kernels/kernels.js';
import { validateAsset } from '../model/validate-asset.js';
import type { Asset } from '../model/asset.js';
import type { FormatHandler, ReadOptions, WriteOptions } from './format.js';
import { registerFormat } from './loaded-formats.js';

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
 * first check the Asset (validateAsset: its whole shape, so that no writer meets a field of the
 * wrong type or length), and `encodeFiles` its file name (BAD_OPTION). Every handler in FORMATS is made with this. The result
 * has the handler's own type, so members it has (`rewriteSync`, `describe`) need no `!`.
 */
export function defineFormat<H extends FormatHandler<any, any, string>>(handler: H): H {
  type R = Parameters<H['parseSync']>[1];
  type W = Parameters<H['encodeSync']>[1];
  const { name } = handler;
  const checked = (asset: Asset, options: W | undefined) => {
    validateAsset(asset, (options as WriteOptions | undefined)?.kernels);
    return asset;
  };
  const kernelsOf = (options: R | W | undefined) => (options as ReadOptions | undefined)?.kernels;
  // A call given no kernels runs small inputs on the js kernels (kernels/small-input.ts), below
  // the handler's own threshold for the direction (smallInputBytes), read from the returned
  // handler at every call so that setting its `smallInput` takes effect. The files a read
  // resolves count too: resolved once here (memoized for the read itself) when the handler names them; a handler that resolves files it cannot name is never treated as small.
  const forBytes = <O>(options: O, bytes: Uint8Array): O => {
    const o = options as ReadOptions | undefined;
    const threshold = smallInputBytes(guarded, 'parse');
    let size = bytes?.length ?? Infinity;
    if (o?.kernels || !(size < threshold) || typeof o?.resolve !== 'function' || !handler.companions) return withSmallInputKernels(o, size, threshold) as O;
    const names = handler.companions(bytes, o);
    if (!names) return options;
    if (names.length === 0) return withSmallInputKernels(o, size, threshold) as O;
    // The named files, resolved once (each read resolves them again through `memo`): arrays, not
    // a Map, and one Object.assign for both options (Map, closure and two objects cost 0.8 µs a
    // 2 KB TF parse, 5 % of it).
    const resolve = o.resolve;
    const found: (Uint8Array | undefined)[] = [];
    for (const name of names) {
      const file = resolve(name);
      found.push(file);
      size += file?.length ?? 0;
    }
    const memo = (name: string) => {
      const at = names.indexOf(name);
      return at === -1 ? resolve(name) : found[at];
    };
    return Object.assign({}, o, size < threshold ? { resolve: memo, kernels: smallInputKernels() } : { resolve: memo }) as O;
  };
  const forAsset = (options: W | undefined, asset: Asset): W | undefined => {
    const o = options as WriteOptions | undefined;
    const threshold = smallInputBytes(guarded, 'encode');
    if (o?.kernels || threshold <= 0) return options;
    return withSmallInputKernels(o, encodeInputBytes(asset, threshold), threshold) as W | undefined;
  };
  const guarded: H = {
    ...handler,
    parseSync: (bytes: Uint8Array, options?: R) => runFormatCall(name, kernelsOf(options), () => handler.parseSync(bytes, forBytes(options, bytes))),
    encodeSync: (asset: Asset, options?: W) => runFormatCall(name, kernelsOf(options), () => {
      const o = forAsset(options, asset);
      return handler.encodeSync(checked(asset, o), o);
    }),
  };
  const { encodeFiles, describe, rewriteSync, inspect } = handler;
  if (encodeFiles) {
    guarded.encodeFiles = (asset: Asset, baseName: string, options?: W) => runFormatCall(name, kernelsOf(options), () => {
      if (typeof baseName !== 'string' || baseName === '') throw new MeshFormatError({ code: 'BAD_OPTION', format: name }, `encodeFiles needs the main output's file name, not ${baseName === '' ? 'an empty string' : typeof baseName}`);
      const o = forAsset(options, asset);
      return encodeFiles(checked(asset, o), baseName, o);
    });
  }
  if (describe) guarded.describe = (bytes: Uint8Array, options?: R) => runFormatCall(name, kernelsOf(options), () => describe(bytes, forBytes(options, bytes)));
  if (inspect) guarded.inspect = (bytes: Uint8Array, options?: R) => runFormatCall(name, kernelsOf(options), () => inspect(bytes, forBytes(options, bytes)));
  if (rewriteSync) guarded.rewriteSync = (bytes: Uint8Array, options?: R & W) => runFormatCall(name, kernelsOf(options), () => rewriteSync(bytes, forBytes(options, bytes)));
  // The format index finds it here once its module has run (loaded-formats.ts).
  registerFormat(guarded);
  return guarded;
}
