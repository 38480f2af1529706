// Opt-in warm-up (issue 22 item 4): after `init()`, `warmUp(['glb'])` writes a tiny built-in Asset
// in each named format and reads it back on the library-wide kernels, so that V8 has compiled
// those readers and writers before the first real call.
//
// Tried in round seven and not kept: a 16 × 16 grid (256 vertices) on the library-wide kernels
// in place of the quad. It runs apg's number kernels past their tiering budget inside warmUp, so
// that the first 30 KB apg parse no longer spends ≈ 1.2 ms of its thread in V8 moving them from
// Liftoff to TurboFan code (bench/cold-profile.ts): first parse after warmUp apg 1.99 → 0.74 ms,
// tf 1.71 → 0.58, first encode apg 1.41 → 0.50 (bench:cold --warm-up, 9 processes, load 5–6).
// But UNIGINE's first encode after it went 0.34 → 1.1–1.3 ms in every run, its warm encode
// 0.08–0.11 → 0.12–0.13 (not seen under --trace-deopt; --no-concurrent-recompilation kept it),
// and warmUp cost 0.1–4 ms more a format (apg +3.6): a warm call made slower is not allowed, and
// a size per format would be a rule per format.
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

/**
 * Writes and reads a tiny Asset in each format named (every format by default) on the library-wide
 * kernels (`init()`'s) and on the js kernels that small inputs use, so that the first real call of
 * those formats does not pay for V8 compiling them. Costs a few milliseconds a format; changes
 * nothing else.
 */
export function warmUp(formats: readonly FormatName[] = FORMAT_NAMES): void {
  const library = getKernels();
  const asset = warmUpAsset();
  for (const name of formats) {
    const format = formatByName(name);
    if (!format) throw new MeshFormatError({ code: 'BAD_OPTION', format: String(name) }, `warmUp: no format named ${String(name)} (the formats are ${FORMAT_NAMES.join(', ')})`);
    const fileName = `warm-up${format.extensions[0]}`;
    // The library-wide kernels (what inputs above the format's small-input thresholds use), then,
    // when those are WebAssembly, the js kernels small inputs run on (kernels/small-input.ts).
    for (const kernels of library.backend === 'js' ? [library] : [library, smallInputKernels()]) {
      const files = format.encodeFiles ? format.encodeFiles(asset, fileName, { kernels }) : [{ name: fileName, bytes: format.encodeSync(asset, { kernels }) }];
      format.parseSync(files[0]!.bytes, { fileName, kernels, resolve: (n: string) => files.find((f) => f.name === n)?.bytes });
    }
  }
}
