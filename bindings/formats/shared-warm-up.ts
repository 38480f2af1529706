// The code every format's first call runs, whatever the format, run once by `init()` (issue 22
// item 4): V8 compiles a function's bytecode the first time it is called, and a first call after
// `init()` compiled 46–148 of the library's functions (17–92 KB of source) on the cold bench's
// ≈ 30 KB files; 17 of them are the same in every format's first parse (the handler wrapper of
// define-format.ts, the small-input choice, a workspace, the kernels' staging in onPointers, trim)
// and 17 more in every first encode (the same wrapper's encode side, encodeInputBytes and
// validateAsset's checks), more in three to six formats (bench/cold-profile.ts, V8's function
// events). Those are what this file runs, through a handler made by defineFormat itself (its
// closures share their compiled code with every real handler's), on a few bytes and on the
// warm-up Asset of warm-up.ts, with and without `kernels` (the library's and the small-input js
// kernels' paths). No format's own code runs, so the cost does not grow with the formats.
//
// Alternatives, measured (bench:cold, fresh processes; shared 2-core machine, see README § Cold start):
// - nothing at init (round six): every format's first call compiles the shared code itself;
// - warmUp() of one format at init: 3.2 ms on MeshSerializer2 (its own code too), saving
//   other formats' first parses 0.1–0.5 ms and first encodes 0.4–0.7 ms, the shared part only;
// - warmUp() of every format: 25–30 ms, init() far past its 5 ms (warmUp stays opt-in);
// - compiling every WebAssembly function at init (what `--no-wasm-lazy-compilation` does): init()
//   +1.0–2.5 ms for first calls 0–0.4 ms shorter (Liftoff compiles a kernel in microseconds);
// - this file: init() +1.2–1.4 ms of CPU (0.15–0.2 of it the js kernels' pass), each format's
//   first parse 0.24–0.62 ms and first encode 0.31–0.68 ms shorter (bench:cold, 11 processes, load
//   6): work moved into init(), not saved (init + one parse + one encode: −0.1 to +0.7 ms CPU).
import type { Asset } from '../model/asset.js';
import { emptyAsset } from '../model/asset.js';
import { getKernels } from '../kernels/backend.js';
import type { Kernels } from '../kernels/kernels.js';
import { defineFormat } from './define-format.js';
import type { FormatHandler } from './format.js';

const NAME = 'shared-warm-up';
const INDICES = Uint8Array.of(0, 1, 2, 2, 1, 3);

/**
 * A handler that is no format: its parse takes the steps every reader takes on the kernels
 * (a workspace, a kernel call on a workspace array and one on a staged array, keepAll, release),
 * its encode none (the wrapper has already sized the Asset and checked it by then).
 */
const sharedPaths: FormatHandler = defineFormat({
  name: NAME,
  extensions: ['.shared-warm-up'],
  mimeTypes: [],
  binary: true,
  test: () => false,
  parseSync(bytes: Uint8Array, options?: { kernels?: Kernels }): Asset {
    const kernels = options?.kernels ?? getKernels();
    const workspace = kernels.workspace({ indices: ['u16', bytes.length], wide: ['u32', bytes.length] } as const);
    try {
      const arrays = workspace.arrays;
      arrays.indices.set(bytes);
      kernels.maxIndex(arrays.indices);
      kernels.maxIndex(Uint16Array.from(bytes));
      workspace.keepAll([arrays.indices, arrays.wide]);
    } finally {
      workspace.release();
    }
    return emptyAsset(NAME);
  },
  encodeSync: () => new Uint8Array(0),
});

/**
 * Runs the format-neutral code of a parse and an encode once on `kernels` and once on the
 * small-input js kernels (see the note above); changes nothing and keeps nothing.
 */
export function warmSharedPaths(kernels: Kernels, asset: Asset): void {
  for (const options of [{ kernels }, undefined]) {
    sharedPaths.parseSync(INDICES, options);
    sharedPaths.encodeSync(asset, options);
  }
}
