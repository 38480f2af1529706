// Small inputs on the default backend: a format call given no `kernels` runs the js kernels when
// its input (the file's bytes with the files it resolves for a parse, the Asset's arrays for an
// encode) is below that format's threshold for the direction (FormatHandler.smallInput), and the
// library-wide backend otherwise. Results are the same bit for bit either way (the parity
// contract); only the time differs. SMALL_INPUT_DEFAULTS.bytes (16 KB) stays the global knob: it
// caps every format's threshold (the smaller wins, 0 turns small inputs off everywhere) and is the
// threshold of a handler that declares none; a handler's `smallInput` can be set at run time too.
//
// Alternatives, measured with bench/small-inputs.bench.ts (generated tube, 0.2–135 KB, every
// format, plus the apg corpus files; wasm-simd, js and the default interleaved in one process;
// shared 2-core AMD EPYC, load 1.4–1.9, Node 20):
// - always the library-wide backend (round five): wasm-simd 0.54–0.92× js on some files under
//   ~16 KB (issue 22), where staging arrays into WebAssembly memory, growing it and copying the
//   results out costs more than the kernels save;
// - a threshold per kernel: most small-file time is outside the kernels (parsing the container,
//   building the Asset), and one call runs many kernels, so a per-call switch is both simpler and
//   the one that moves the whole call;
// - one threshold per call for every format (16 KB, rounds five and six): after round six moved
//   more work into kernels the crossovers spread from under 0.6 KB to 16 KB, so a single number
//   left WebAssembly's gains unused below 16 KB (apg encode 1.08–1.70× js on Assets of 2–6 KB,
//   the speed bar's 30 KB apg door encode 1.89×; ms2 1.6–3.3× from 4 KB; unigine parse 1.1–2.1×
//   from 0.6 KB) while the default was still 0.90–0.98× js below it (next point);
// - this file: a threshold per format and direction, each where wasm-simd ÷ js crossed 1 (file KB
//   for a parse, Asset KB for an encode) on the tube and on the corpus's files under 128 KB:
//   unigine parse 0.5 (1.12–1.46× from 0.2 KB) / encode 3 (tube 0.90–0.92× at 1.4 KB,
//   1.00–1.15× at 2.8; animations 1.1–2.2× from 3.7 KB); iqm 4 / 4 (0.86–0.96× at 1.1–1.8 KB, 1.03–1.05× at 3.6–3.9); glb and
//   gltf parse 12 (0.95–1.00× up to 8 KB, 1.02–1.04× at 12) / encode 16 (0.97–0.99× at
//   9–10.5 KB, 1.02–1.03× at 13–14.6); tf parse 4 (tube 1.0–1.1× from 1.4 KB, but the corpus
//   .msh files 0.88–0.95× at 1.5–2.9 KB) / encode 8 (0.93–0.98× up to 3.9 KB, 1.00–1.02× at
//   5.8–8.7, 1.03–1.18× from 11.5); apg parse 4 (0.90× at 1.8 KB, untitled.apg 1.01–1.03× at
//   3.6, 1.18–1.21× at 4.3) / encode 2 (0.77–0.93× to 1.8 KB, untitled.apg 0.81–0.84×, 1.07–1.08×
//   at 2.1); ms2 parse 2 (0.54–0.92× to 0.9 KB, 0.94–1.25× at 1.9, 1.37–1.64× at 3.9) / encode
//   1 (0.89–0.91× at 0.4 KB, 1.02–1.07× at 0.9).
// - the default path's own cost: below a threshold the default was 0.90–0.96× js, not 1.0: the
//   options object made by a spread (`{ ...options, kernels }`) made the handlers' option reads
//   slower (0.4–0.7 µs a parse; Object.assign's object costs 0.1 µs), and assetArrayBytes with
//   closures and Object.entries took 0.6 µs an encode (now 0.12–0.15 µs). Both are fixed here.
// - an encode sized by its total only: editor_viewcube.mesh (26 meshes of 4–12 vertices, 10.7 KB
//   of arrays) encoded at 0.64–0.92× js on wasm-simd in six formats, under thresholds its total
//   passes; WebAssembly's cost is paid per mesh, so under the global knob an encode is sized by
//   its mean bytes per mesh (encodeInputBytes): the viewcube then runs js (default 0.95–0.99×).
// - glTF reads given `resolve` stay never small (their files are named inside the JSON): telling
//   a GLB or .gltf that names no external file by scanning its JSON for "uri" keys was tried and
//   dropped: the scan (0.56 µs on a 2.9 KB GLB at best: TextDecoder plus String indexOf; 1.8 µs
//   with Uint8Array indexOf) and the resolve memo made the default 0.84–0.91× js on GLBs under
//   12 KB, where the library-wide backend is 0.95–0.99× js.
import type { Asset } from '../model/asset.js';
import { Kernels } from './kernels.js';
import { jsRawKernels } from './js/index.js';

export const SMALL_INPUT_DEFAULTS = {
  /**
   * Inputs below this many bytes run on the js kernels when a call is given no `kernels` (0:
   * never): the cap of every format's own threshold (FormatHandler.smallInput), and the threshold
   * of a format that declares none.
   */
  bytes: 16 * 1024,
};

/** A format's own small-input thresholds, in bytes (FormatHandler.smallInput); each capped by SMALL_INPUT_DEFAULTS.bytes. */
export interface SmallInputThresholds {
  /** A parse (also `describe`, `inspect`, `rewriteSync`): the file's bytes with the files it resolves. */
  parse?: number;
  /** An encode (`encodeSync`, `encodeFiles`): the Asset's array bytes (assetArrayBytes). */
  encode?: number;
}

/**
 * The threshold a call of `format` uses in `direction`: the smaller of the format's own
 * (SMALL_INPUT_DEFAULTS.bytes where it declares none) and SMALL_INPUT_DEFAULTS.bytes, read at
 * every call so that setting the global knob takes effect at once.
 */
export function smallInputBytes(format: { smallInput?: SmallInputThresholds } | undefined, direction: keyof SmallInputThresholds): number {
  const own = format?.smallInput?.[direction];
  const global = SMALL_INPUT_DEFAULTS.bytes;
  return typeof own === 'number' && own < global ? Math.max(0, own) : global;
}

/** Both of a format's thresholds as calls use them now (for benchmarks and `meshcodec info`-like reports). */
export function formatSmallInput(format: { smallInput?: SmallInputThresholds } | undefined): Required<SmallInputThresholds> {
  return { parse: smallInputBytes(format, 'parse'), encode: smallInputBytes(format, 'encode') };
}

let js: Kernels | undefined;

/** The js kernels, one instance for every small call (warmUp runs them too). */
export function smallInputKernels(): Kernels {
  return (js ??= new Kernels('js', jsRawKernels));
}

/** `options` with the js kernels when it names none and the input is below `threshold`; else `options` itself. */
export function withSmallInputKernels<O extends { kernels?: Kernels } | undefined>(options: O, inputBytes: number, threshold = SMALL_INPUT_DEFAULTS.bytes): O {
  if ((options !== undefined && (typeof options !== 'object' || options === null)) || options?.kernels || !(inputBytes < threshold)) return options;
  // Object.assign, not `{ ...options, kernels }`: the handlers then read options made by spread
  // through slower property lookups (0.4–0.7 µs a parse, measured; Object.assign's object 0.1 µs).
  return Object.assign({}, options, { kernels: smallInputKernels() }) as O;
}

/**
 * An encode's input size for the small-input choice: the Asset's array bytes, divided by its
 * number of meshes while the total is under SMALL_INPUT_DEFAULTS.bytes. WebAssembly's cost in an
 * encode is paid per mesh (staging, growing, copying out), so an Asset of many tiny meshes is
 * small whatever its total: editor_viewcube.mesh (26 meshes of 4–12 vertices, 10.7 KB of arrays)
 * encoded at 0.66–0.92× js on wasm-simd in UNIGINE, IQM, GLB, glTF, TF and apg (MeshSerializer2
 * 1.33×). At or above the global knob the total decides, as before any per-format threshold.
 */
export function encodeInputBytes(asset: Asset, threshold: number): number {
  const cap = SMALL_INPUT_DEFAULTS.bytes;
  const total = assetArrayBytes(asset, Math.max(threshold, cap));
  if (total >= cap) return total;
  const meshes = (asset as { meshes?: unknown } | null | undefined)?.meshes;
  return Array.isArray(meshes) && meshes.length > 1 ? total / meshes.length : total;
}

/** byteLength of `value` when it is a typed array (or any ArrayBuffer view), else 0. */
function viewBytes(value: unknown): number {
  return ArrayBuffer.isView(value) ? value.byteLength : 0;
}

/**
 * Bytes of an Asset's typed arrays, counted until `limit` is passed (an encode's input size, for
 * withSmallInputKernels). Defensive: it runs before the Asset is validated, so anything that is
 * not an array where one is expected counts as nothing. Plain loops, no closures or per-call
 * arrays: it runs on every encode given no kernels (the closures and Object.entries it had cost
 * 0.6 µs a call, 5 % of a 1 KB MeshSerializer2 encode).
 */
export function assetArrayBytes(asset: Asset, limit = SMALL_INPUT_DEFAULTS.bytes): number {
  let total = 0;
  const meshes = (asset as { meshes?: unknown } | null | undefined)?.meshes;
  if (Array.isArray(meshes)) {
    for (let i = 0; i < meshes.length; i++) {
      const m = meshes[i] as { attributes?: unknown; indices?: unknown; targets?: unknown } | null | undefined;
      if (typeof m !== 'object' || m === null) continue;
      const attributes = m.attributes as Record<string, unknown> | null | undefined;
      if (typeof attributes === 'object' && attributes !== null) {
        // The model's attributes by name (an Object.keys walk cost 3× as much on a 26-mesh Asset;
        // keys the model does not have are not written, so they do not count).
        total += viewBytes(attributes.positions) + viewBytes(attributes.normals) + viewBytes(attributes.tangents) + viewBytes(attributes.colors) + viewBytes(attributes.joints) + viewBytes(attributes.weights);
        const uvs = attributes.uvs;
        if (Array.isArray(uvs)) for (let u = 0; u < uvs.length; u++) total += viewBytes(uvs[u]);
      }
      total += viewBytes(m.indices);
      const targets = m.targets;
      if (Array.isArray(targets)) {
        for (let t = 0; t < targets.length; t++) {
          const target = targets[t] as { positions?: unknown; normals?: unknown } | null | undefined;
          if (typeof target === 'object' && target !== null) total += viewBytes(target.positions) + viewBytes(target.normals);
        }
      }
      if (total >= limit) return total;
    }
  }
  const animations = (asset as { animations?: unknown } | null | undefined)?.animations;
  if (Array.isArray(animations)) {
    for (let a = 0; a < animations.length; a++) {
      const tracks = (animations[a] as { tracks?: unknown } | null | undefined)?.tracks;
      if (!Array.isArray(tracks)) continue;
      for (let t = 0; t < tracks.length; t++) {
        const track = tracks[t] as Record<string, unknown> | null | undefined;
        if (typeof track !== 'object' || track === null) continue;
        total += viewBytes(track.times) + viewBytes(track.translation) + viewBytes(track.rotation) + viewBytes(track.scale);
      }
      if (total >= limit) return total;
    }
  }
  return total;
}
