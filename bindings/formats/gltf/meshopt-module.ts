/**
 * The `meshoptimizer` package's encoder and decoder, loaded on first need.
 *
 * Why meshoptimizer: EXT_meshopt_compression's bitstream is defined by that library (its author
 * wrote the extension), the package is the reference implementation every viewer decodes with
 * (three.js, Babylon, gltfpack), and it is small (the decoder 29 kB of JS with its WebAssembly
 * inlined). Writing our own codec would be a second implementation of a format whose only
 * readers use this one.
 *
 * Why lazily: both halves are WebAssembly that is instantiated asynchronously (`ready`), and most
 * reads and writes never meet a compressed buffer. A dynamic `import()` keeps them out of the
 * core bundle (the package is an external dependency of dist/) and out of cold start.
 *
 * Alternatives considered for synchronous APIs (`parseSync`, `encodeSync`), which cannot await:
 * (a) load the modules in `init()` for everyone: every user pays the import and instantiation
 * (measured in Node 20 on the shared 2-core machine, five cold processes: import of both modules
 * 8–13 ms, 86–88 ms in two runs under load; `ready` 0.6–3.5 ms) for a feature few use; (b) the
 * package's pure-JS reference decoder for the sync path: a second, slower decoder its authors
 * call unfit for production. Chosen: `initMeshopt()` loads both (the async loaders' `parse`, the
 * decode pool and the CLI call it when a file names the extension), and the sync calls made
 * before it has resolved throw a MeshFormatError that says to `await initMeshopt()`.
 */
import { MeshFormatError } from '../../io/errors.js';
import { isGlb } from './glb-container.js';

/** The decoder's API that meshcodec uses (the package's MeshoptDecoder). */
export interface MeshoptDecoderApi {
  decodeGltfBuffer(target: Uint8Array, count: number, size: number, source: Uint8Array, mode: string, filter?: string): void;
}

/** The encoder's API that meshcodec uses (the package's MeshoptEncoder). */
export interface MeshoptEncoderApi {
  reorderMesh(indices: Uint32Array, triangles: boolean, optsize: boolean): [Uint32Array, number];
  encodeGltfBuffer(source: Uint8Array, count: number, size: number, mode: string, version?: number): Uint8Array;
  encodeFilterOct(source: Float32Array, count: number, stride: number, bits: number): Uint8Array;
  encodeFilterQuat(source: Float32Array, count: number, stride: number, bits: number): Uint8Array;
  encodeFilterExp(source: Float32Array, count: number, stride: number, bits: number, mode?: 'Separate' | 'SharedVector' | 'SharedComponent' | 'Clamped'): Uint8Array;
}

let decoder: MeshoptDecoderApi | undefined;
let encoder: MeshoptEncoderApi | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads and instantiates meshoptimizer's encoder and decoder (once; later calls return the same
 * promise). After it resolves, `parseSync` reads EXT_meshopt_compression files and the writers can
 * compress. Rejects only where WebAssembly is unavailable.
 */
export function initMeshopt(): Promise<void> {
  loading ??= (async () => {
    const [decoderModule, encoderModule] = await Promise.all([import('meshoptimizer/decoder'), import('meshoptimizer/encoder')]);
    await Promise.all([decoderModule.MeshoptDecoder.ready, encoderModule.MeshoptEncoder.ready]);
    decoder = decoderModule.MeshoptDecoder;
    encoder = encoderModule.MeshoptEncoder;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** True once `initMeshopt()` has resolved. */
export function meshoptReady(): boolean {
  return decoder !== undefined && encoder !== undefined;
}

/** The decoder, or a MeshFormatError (UNSUPPORTED, format `format`, at `offset`) telling how to load it. */
export function meshoptDecoder(format: string, offset: number | undefined, what: string): MeshoptDecoderApi {
  return decoder ?? notLoaded(format, offset, `${what} is compressed with EXT_meshopt_compression and meshoptimizer's decoder is not loaded yet: await initMeshopt() (or use the async loader's parse) before parseSync`);
}

/** The encoder, or a MeshFormatError (UNSUPPORTED) telling how to load it. */
export function meshoptEncoder(format = 'gltf'): MeshoptEncoderApi {
  return encoder ?? notLoaded(format, undefined, "compress: 'meshopt' needs meshoptimizer's encoder, which is not loaded yet: await initMeshopt() before encoding");
}

function notLoaded(format: string, offset: number | undefined, detail: string): never {
  throw new MeshFormatError(offset === undefined ? { code: 'UNSUPPORTED', format } : { code: 'UNSUPPORTED', format, offset }, detail);
}

const MESHOPT_NAME = new TextEncoder().encode('EXT_meshopt_compression');

/**
 * True when a .glb's JSON chunk or a .gltf's text names EXT_meshopt_compression, so the async
 * `parse` loads the decoder only for such files (a byte search, no JSON parse).
 */
export function mentionsMeshopt(bytes: Uint8Array): boolean {
  let json = bytes;
  if (bytes.length >= 20 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46) {
    const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(12, true);
    json = bytes.subarray(20, 20 + length);
  }
  const first = MESHOPT_NAME[0]!;
  outer: for (let i = json.indexOf(first); i >= 0 && i + MESHOPT_NAME.length <= json.length; i = json.indexOf(first, i + 1)) {
    for (let k = 1; k < MESHOPT_NAME.length; k++) if (json[i + k] !== MESHOPT_NAME[k]) continue outer;
    return true;
  }
  return false;
}

/**
 * True when `bytes` may be a glTF that needs meshoptimizer's decoder: a GLB, or a text whose first
 * byte after a UTF-8 byte order mark and JSON white space is '{' (the glTF reader takes both), that
 * names EXT_meshopt_compression (mentionsMeshopt) or holds a `\u` escape, which may spell the name
 * (JSON.parse reads `EXT\u005fmeshopt_compression` as it). A file of any other kind is not searched.
 */
export function mayNeedMeshoptDecoder(bytes: Uint8Array): boolean {
  let json = bytes;
  if (isGlb(bytes)) {
    if (bytes.length >= 20) json = bytes.subarray(20, 20 + new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(12, true));
  } else {
    let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
    if (bytes[i] !== 0x7b) return false;
  }
  if (mentionsMeshopt(bytes)) return true;
  for (let i = json.indexOf(0x5c); i >= 0; i = json.indexOf(0x5c, i + 2)) if (json[i + 1] === 0x75) return true;
  return false;
}
