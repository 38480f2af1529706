// The formats known without their handlers: each format's signature (names, extensions, mime
// types, the `test` that recognises its files; format-signature.ts) and a loader that imports its
// handler module on first need. The synchronous registry (registry.ts) imports every handler; a
// program that converts one file (the CLI) detects and names formats here, then awaits the
// handlers it needs (`loadFormat`), so that a built bundle loads one chunk per format used.
//
// Alternatives measured (dist/cli.js, a one-file `convert untitled.apg --to glb`, fresh processes
// interleaved, see README § Cold start): every handler imported up front (the registry, the
// round-six CLI) paid V8's parse of all seven formats (1.36 MB with the kernels) for two; a
// registry that loads itself asynchronously would break the synchronous API (`formatByName`,
// `detectFormat`, `parseSync`), which users rely on. So both: the registry for the library's
// synchronous API, this index for programs that can wait. Both reach the same module instances,
// so `loadFormat(name)` resolves to the very object `formatByName(name)` returns.
import type { FormatHandler } from './format.js';
import { byExtension, byFormatName, type FormatSignature } from './format-signature.js';
import { definedFormat } from './loaded-formats.js';
import { UNIGINE_SIGNATURE } from './unigine/unigine-signature.js';
import { IQM_SIGNATURE } from './iqm/iqm-signature.js';
import { GLB_SIGNATURE, GLTF_SIGNATURE } from './gltf/gltf-signature.js';
import { TF_SIGNATURE } from './tf/tf-signature.js';
import { APG_SIGNATURE } from './apg/apg-signature.js';
import { MS2_SIGNATURE } from './ms2/ms2-signature.js';

/** Detection order, the registry's (registry.ts; a test checks they agree): formats with a magic first, ms2 (an exact size) last. */
export const FORMAT_SIGNATURES = [UNIGINE_SIGNATURE, IQM_SIGNATURE, GLB_SIGNATURE, GLTF_SIGNATURE, TF_SIGNATURE, APG_SIGNATURE, MS2_SIGNATURE] as const;

/** The name of a format this build has. */
export type IndexedFormatName = (typeof FORMAT_SIGNATURES)[number]['name'];

/** Each format's handler module, imported on first need (one chunk per format in dist/). */
const LOADERS: Readonly<Record<IndexedFormatName, () => Promise<FormatHandler>>> = {
  unigine: () => import('./unigine/index.js').then((m) => m.unigineFormat),
  iqm: () => import('./iqm/iqm-format.js').then((m) => m.iqmFormat),
  glb: () => import('./gltf/gltf-format.js').then((m) => m.glbFormat),
  gltf: () => import('./gltf/gltf-format.js').then((m) => m.gltfFormat),
  tf: () => import('./tf/tf-format.js').then((m) => m.tfFormat),
  apg: () => import('./apg/apg-format.js').then((m) => m.apgFormat),
  ms2: () => import('./ms2/ms2-format.js').then((m) => m.ms2Format),
};

const loading = new Map<string, Promise<FormatHandler>>();

/** The signature called `name` or one of its aliases (case-insensitive), as `formatByName` finds handlers. */
export function signatureByName(name: string): FormatSignature<IndexedFormatName> | undefined {
  return byFormatName(FORMAT_SIGNATURES, name);
}

/** The signature whose extensions the file name ends with (the longest match), as `formatByExtension`. */
export function signatureByExtension(fileName: string): FormatSignature<IndexedFormatName> | undefined {
  return byExtension(FORMAT_SIGNATURES, fileName);
}

/** The signature of a file: by its magic first, then by its extension, as `detectFormat`. */
export function detectSignature(bytes: Uint8Array, fileName = ''): FormatSignature<IndexedFormatName> | undefined {
  return FORMAT_SIGNATURES.find((f) => f.test(bytes)) ?? signatureByExtension(fileName);
}

/**
 * The handler of the format called `name` (or an alias), its module imported on the first call:
 * the object the registry's `formatByName(name)` returns. Rejects for an unknown name.
 */
export function loadFormat(name: string): Promise<FormatHandler> {
  const signature = signatureByName(name);
  if (!signature) return Promise.reject(new Error(`meshcodec: unknown format '${name}'`));
  const defined = definedFormat(signature.name);
  if (defined) return Promise.resolve(defined);
  let pending = loading.get(signature.name);
  if (!pending) {
    pending = LOADERS[signature.name]();
    loading.set(signature.name, pending);
  }
  return pending;
}

/** Every format's handler (for runs that may meet any of them): `loadFormat` of each. */
export function loadAllFormats(): Promise<FormatHandler[]> {
  return Promise.all(FORMAT_SIGNATURES.map((f) => loadFormat(f.name)));
}

/** Whether every format's handler is loaded (then `loadedFormat` finds any). */
export function everyFormatLoaded(): boolean {
  return FORMAT_SIGNATURES.every((f) => definedFormat(f.name) !== undefined);
}

/** The handler called `name` (or an alias) when its module has run (`loadFormat`, or a static import such as the registry's), else undefined. */
export function loadedFormat(name: string): FormatHandler | undefined {
  const signature = signatureByName(name);
  return signature && definedFormat(signature.name);
}
