// Opt-in warm-up (issue 22 item 4): after `init()`, `warmUp(['glb'])` writes a tiny built-in Asset
// in each named format and reads it back on the library-wide kernels, so that V8 has compiled
// those readers and writers before the first real call.
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
import type { Asset } from '../model/asset.js';
import { getKernels } from '../kernels/backend.js';
import { smallInputKernels } from '../kernels/small-input.js';
import { formatByName, FORMAT_NAMES, type FormatName } from './registry.js';

/** A skinned, animated, textured-looking quad: enough to take each reader and writer through its usual path. */
export function warmUpAsset(): Asset {
  const joint = (name: string, parent: number, y: number) => ({ name, parent, translation: [0, y, 0] as [number, number, number], rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [1, 1, 1] as [number, number, number] });
  return {
    source: 'warm-up',
    meshes: [{
      name: 'warm-up',
      material: 'warm-up',
      attributes: {
        positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0),
        normals: Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1),
        tangents: Float32Array.of(1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1),
        uvs: [Float32Array.of(0, 0, 1, 0, 0, 1, 1, 1)],
        joints: Uint16Array.of(0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0),
        weights: Float32Array.of(0.75, 0.25, 0, 0, 0.75, 0.25, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0),
      },
      indices: Uint8Array.of(0, 1, 2, 2, 1, 3),
    }],
    skeleton: { joints: [joint('root', -1, 0), joint('tip', 0, 1)] },
    animations: [{
      name: 'warm-up',
      frameRate: 30,
      frameCount: 2,
      tracks: [{ joint: 1, times: Float32Array.of(0, 1 / 30), translation: Float32Array.of(0, 1, 0, 0, 1.5, 0), rotation: Float32Array.of(0, 0, 0, 1, 0, 0, 0.2588190, 0.9659258) }],
    }],
    warnings: [],
  };
}

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
