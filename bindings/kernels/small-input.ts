// Small inputs on the default backend: a format call given no `kernels` runs the js kernels when
// its input (the file's bytes for a parse, the Asset's arrays for an encode) is below
// SMALL_INPUT_DEFAULTS.bytes, and the library-wide backend otherwise. Results are the same bit for
// bit either way (the parity contract); only the time differs.
//
// Alternatives, measured with bench/small-inputs.bench.ts (generated tube, 0.5–64 KB, every
// format, wasm-simd vs js interleaved, shared 2-core machine):
// - always the library-wide backend (before): wasm-simd 0.54–0.92× js on some files under
//   ~16 KB (issue 22), where staging arrays into WebAssembly memory, growing it and copying the
//   results out costs more than the kernels save;
// - a threshold per kernel: most small-file time is outside the kernels (parsing the container,
//   building the Asset), and one call runs many kernels, so a per-call switch is both simpler and
//   the one that moves the whole call;
// - this file: one threshold per call, the same for every format (the crossovers measured lie
//   between 4 and 16 KB for every format), which also spares small files the WebAssembly
//   compile of a first call.
import type { Asset } from '../model/asset.js';
import { Kernels } from './kernels.js';
import { jsRawKernels } from './js/index.js';

export const SMALL_INPUT_DEFAULTS = {
  /** Inputs below this many bytes run on the js kernels when a call is given no `kernels` (0: never). */
  bytes: 16 * 1024,
};

let js: Kernels | undefined;

/** The js kernels, one instance for every small call. */
function jsKernels(): Kernels {
  return (js ??= new Kernels('js', jsRawKernels));
}

/** `options` with the js kernels when it names none and the input is small; else `options` itself. */
export function withSmallInputKernels<O extends { kernels?: Kernels } | undefined>(options: O, inputBytes: number): O {
  if ((options !== undefined && (typeof options !== 'object' || options === null)) || options?.kernels || !(inputBytes < SMALL_INPUT_DEFAULTS.bytes)) return options;
  return { ...(options ?? {}), kernels: jsKernels() } as O;
}

/**
 * Bytes of an Asset's typed arrays, counted until `limit` is passed (an encode's input size, for
 * withSmallInputKernels). Defensive: it runs before the Asset is validated, so anything that is
 * not an array where one is expected counts as nothing.
 */
export function assetArrayBytes(asset: Asset, limit = SMALL_INPUT_DEFAULTS.bytes): number {
  let total = 0;
  const add = (value: unknown) => {
    if (ArrayBuffer.isView(value)) total += value.byteLength;
  };
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  for (const mesh of list((asset as { meshes?: unknown })?.meshes)) {
    const m = mesh as { attributes?: Record<string, unknown>; indices?: unknown; targets?: unknown };
    // Keys, not entries: Object.entries made an array per attribute, on every encode.
    const attributes = m?.attributes ?? {};
    for (const key of Object.keys(attributes)) {
      if (key === 'uvs') list(attributes[key]).forEach(add);
      else add(attributes[key]);
    }
    add(m?.indices);
    for (const target of list(m?.targets)) {
      add((target as { positions?: unknown })?.positions);
      add((target as { normals?: unknown })?.normals);
    }
    if (total >= limit) return total;
  }
  for (const animation of list((asset as { animations?: unknown })?.animations)) {
    for (const track of list((animation as { tracks?: unknown })?.tracks)) {
      const t = track as Record<string, unknown>;
      add(t?.times);
      add(t?.translation);
      add(t?.rotation);
      add(t?.scale);
    }
    if (total >= limit) return total;
  }
  return total;
}
