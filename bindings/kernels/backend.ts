import { DEFAULT_MEMORY_CAP, Kernels, type BackendName } from './kernels.js';
import { jsRawKernels } from './js/index.js';
import { instantiateKernelModule, wasmRawKernels } from './wasm-kernels.js';
import { WASM_SCALAR_BASE64, WASM_SIMD_BASE64 } from './wasm-binaries.generated.js';

export type BackendChoice = BackendName | 'auto';

export interface InitOptions {
  /** 'auto' (default): wasm-simd where SIMD validates, else wasm-scalar, else js. */
  backend?: BackendChoice;
  /**
   * Bytes of WebAssembly memory kept between calls (default 64 MiB): a call on a larger file
   * grows the memory, and the next format call gives it back by starting a fresh instance.
   */
  memoryCap?: number;
}

export const INIT_DEFAULTS: Required<InitOptions> = { backend: 'auto', memoryCap: DEFAULT_MEMORY_CAP };

// (module (func (result v128) v128.const i32x4 0 0 0 0)): validates only where SIMD is supported.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11,
]);

/** Whether this runtime has WebAssembly at all. */
export const wasmSupported: boolean = typeof WebAssembly === 'object' && typeof WebAssembly.validate === 'function';

/** Whether this runtime validates WebAssembly SIMD (then 'auto' picks wasm-simd). */
export const simdSupported: boolean = wasmSupported && WebAssembly.validate(SIMD_PROBE);

function resolveChoice(choice: BackendChoice): BackendName {
  if (choice === 'auto') return simdSupported ? 'wasm-simd' : wasmSupported ? 'wasm-scalar' : 'js';
  if (choice === 'wasm-simd' && !simdSupported) throw new Error('meshcodec: backend wasm-simd is not supported here (no WebAssembly SIMD)');
  if (choice === 'wasm-scalar' && !wasmSupported) throw new Error('meshcodec: backend wasm-scalar is not supported here (no WebAssembly)');
  if (choice !== 'wasm-simd' && choice !== 'wasm-scalar' && choice !== 'js') {
    throw new Error(`meshcodec: unknown backend '${String(choice)}' (use auto, wasm-simd, wasm-scalar or js)`);
  }
  return choice;
}

const moduleCache = new Map<BackendName, WebAssembly.Module>();

interface NativeBase64 {
  /** Node's Buffer (a Uint8Array subclass). */
  Buffer?: { from(text: string, encoding: 'base64'): Uint8Array };
}
interface Uint8ArrayFromBase64 {
  /** TC39 Uint8Array.fromBase64 (browsers from 2025). */
  fromBase64?: (text: string) => Uint8Array;
}

/**
 * The embedded module's bytes from its base64 text. Alternatives measured on the 39 KB SIMD
 * module (Node 20, one shared 2-core machine, medians of fresh processes): `atob` and a
 * charCodeAt loop 1.1–18 ms, a 256-entry table loop over TextEncoder bytes 1.4–20 ms, Node's
 * native `Buffer.from(text, 'base64')` 0.12–0.18 ms. So: the runtime's native decoder where there
 * is one (Uint8Array.fromBase64, Buffer), the loop only where there is none.
 */
export function decodeEmbeddedBase64(text: string): Uint8Array {
  const fromBase64 = (Uint8Array as unknown as Uint8ArrayFromBase64).fromBase64;
  if (typeof fromBase64 === 'function') return fromBase64(text);
  const buffer = (globalThis as NativeBase64).Buffer;
  if (buffer && typeof buffer.from === 'function') {
    const b = buffer.from(text, 'base64');
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  }
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function wasmBytes(name: BackendName): Uint8Array {
  return decodeEmbeddedBase64(name === 'wasm-simd' ? WASM_SIMD_BASE64 : WASM_SCALAR_BASE64);
}

/**
 * Whether `init` compiles synchronously: in Node (and Deno/Bun, which have `process.versions.node`)
 * a synchronous compile of this lazily compiled module costs 0.4 ms where `WebAssembly.compile`
 * costs 0.3–6 ms (a trip through the event loop and a background task on a busy machine); browsers
 * keep the asynchronous compile, which never blocks a page.
 */
const compileSyncInInit: boolean = typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';

function kernelsFromModule(name: BackendName, module: WebAssembly.Module, memoryCap: number): Kernels {
  const instantiate = () => {
    const { exports, arena } = instantiateKernelModule(module);
    if ((exports.simdBuild() === 1) !== (name === 'wasm-simd')) throw new Error(`meshcodec: embedded module does not match backend ${name}`);
    return { raw: wasmRawKernels(exports, arena), arena };
  };
  return new Kernels(name, jsRawKernels, instantiate, memoryCap);
}

/**
 * A new, independent Kernels instance (its own WebAssembly memory) for `choice`.
 * Synchronous compilation: fine in Node and workers; browsers' main threads should use
 * `createKernels` (async).
 */
export function createKernelsSync(choice: BackendChoice = 'auto', memoryCap = INIT_DEFAULTS.memoryCap): Kernels {
  const name = resolveChoice(choice);
  if (name === 'js') return new Kernels('js', jsRawKernels);
  let module = moduleCache.get(name);
  if (!module) {
    module = new WebAssembly.Module(wasmBytes(name) as BufferSource);
    moduleCache.set(name, module);
  }
  return kernelsFromModule(name, module, memoryCap);
}

export async function createKernels(choice: BackendChoice = 'auto', memoryCap = INIT_DEFAULTS.memoryCap): Promise<Kernels> {
  const name = resolveChoice(choice);
  if (name === 'js') return new Kernels('js', jsRawKernels);
  let module = moduleCache.get(name);
  if (!module) {
    module = await WebAssembly.compile(wasmBytes(name) as BufferSource);
    moduleCache.set(name, module);
  }
  return kernelsFromModule(name, module, memoryCap);
}

let current: Kernels | undefined;

/** Chooses the library-wide backend (async compile). Resolves to the Kernels now in use. */
export async function init(options: InitOptions = {}): Promise<Kernels> {
  const { backend, memoryCap } = { ...INIT_DEFAULTS, ...options };
  current = compileSyncInInit ? createKernelsSync(backend, memoryCap) : await createKernels(backend, memoryCap);
  return current;
}

/** As `init`, compiling synchronously (Node, workers). */
export function initSync(options: InitOptions = {}): Kernels {
  const { backend, memoryCap } = { ...INIT_DEFAULTS, ...options };
  current = createKernelsSync(backend, memoryCap);
  return current;
}

/** The library-wide Kernels; initialises with 'auto' on first use if `init` was not called. */
export function getKernels(): Kernels {
  return current ?? initSync();
}

/** The library-wide Kernels if one exists, without creating it. */
export function currentKernels(): Kernels | undefined {
  return current;
}

/** Name of the backend in use ('wasm-simd', 'wasm-scalar' or 'js'). */
export function backend(): BackendName {
  return getKernels().backend;
}
