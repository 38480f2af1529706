// Opt-in warm-up (issue 22 item 4): after `init()`, `warmUp(['glb'])` writes a built-in Asset in
// each named format and reads it back, a 16 × 16 grid on the library-wide kernels and a quad on
// the js kernels small inputs use, so that V8 has compiled those readers and writers before the
// first real call.
//
// Why a grid (round seven): after the quad alone, the first 30 KB apg parse still spent about
// 1.1 ms in V8 moving its number kernels from Liftoff to TurboFan code, on the calling thread,
// once their tiering budget ran out inside the call (bench/cold-profile.ts; gone under
// `--wasm-tiering-budget=1000000000`). 256 vertices run them past that budget inside warmUp.
// Measured (CPU ms, fresh processes, medians of 9, shared 2-core machine at load 9–11): first
// parse after warmUp apg 2.21 → 0.84, tf 1.73 → 0.69, unigine 0.72 → 0.52, the others within
// ±0.05; first encode apg 1.72 → 0.44, the others within ±0.05 but unigine's, 0.38 → 1.29 in
// process CPU with the same wall time (V8's background optimizing compiles of functions the
// grid made hot, running during that call); init() + warmUp() CPU 11.1 → 17.4 ms for apg (its
// TurboFan compiles), +0.3–1.5 ms for the others.
//
// Why opt-in: measured with fresh processes on the speed bar's 30 KB door files (median of 7,
// shared 2-core machine, CPU time of the call), about two thirds of a first parse is V8 compiling
// the library's functions (the same first parse under `--no-lazy`: 0.4–1.0 ms instead of 1.3–2.7),
// the rest the interpreter running them once. After a parse and an encode of a file of a few
// hundred bytes, the first 30 KB parse took 0.5–1.5 ms instead of 1.8–4.5 (glb 2.32 → 0.50,
// tf 4.47 → 1.03, iqm 1.80 → 0.62, unigine 2.73 → 1.46), and the first encode 0.4–1.0 ms
// instead of 2.1–4.3. The warm-up itself costs about what those first calls saved (2–6 ms a
// format), so in `init()` for every format it would take init() far past its 5 ms; and it cannot
// reach a warm call's speed (per-element loops still run interpreted until V8 optimizes them).
// Alternatives: a V8 code cache (Node ≥ 22's compile cache, `NODE_COMPILE_CACHE`; measured on
// Node 20 through `vm.Script` cachedData: import 20–26 → 12–13 ms, first parses 25–47 % faster)
// is the runtime's to enable, not a library's.
import { MeshFormatError } from '../io/errors.js';
import { getKernels } from '../kernels/backend.js';
import { smallInputKernels } from '../kernels/small-input.js';
import { formatByName, FORMAT_NAMES, type FormatName } from './registry.js';
import { warmUpAsset } from './warm-up-asset.js';

/** Vertices a side of the grid written and read on the library-wide kernels (16: 256 vertices). */
const WARM_UP_GRID_SIDE = 16;

/**
 * Writes and reads a built-in Asset in each format named (every format by default): a 256-vertex
 * grid on the library-wide kernels (`init()`'s) and a quad on the js kernels that small inputs
 * use, so that the first real call of those formats does not pay for V8 compiling them (nor for
 * moving their hot WebAssembly kernels to optimized code). Costs a few milliseconds a format;
 * changes nothing else.
 */
export function warmUp(formats: readonly FormatName[] = FORMAT_NAMES): void {
  const library = getKernels();
  const tiny = warmUpAsset();
  const grid = warmUpAsset(WARM_UP_GRID_SIDE);
  for (const name of formats) {
    const format = formatByName(name);
    if (!format) throw new MeshFormatError({ code: 'BAD_OPTION', format: String(name) }, `warmUp: no format named ${String(name)} (the formats are ${FORMAT_NAMES.join(', ')})`);
    const fileName = `warm-up${format.extensions[0]}`;
    // The library-wide kernels (what inputs above the format's small-input thresholds use), then,
    // when those are WebAssembly, the js kernels small inputs run on (kernels/small-input.ts).
    for (const kernels of library.backend === 'js' ? [library] : [library, smallInputKernels()]) {
      const asset = kernels === library ? grid : tiny;
      const files = format.encodeFiles ? format.encodeFiles(asset, fileName, { kernels }) : [{ name: fileName, bytes: format.encodeSync(asset, { kernels }) }];
      format.parseSync(files[0]!.bytes, { fileName, kernels, resolve: (n: string) => files.find((f) => f.name === n)?.bytes });
    }
  }
}
