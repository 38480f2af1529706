// The reader contract, checked on one input at a time on all three backends: used by the fuzz
// tests in CI and by the long-run fuzzer (test/fuzz/long-run.ts, `npm run fuzz`).
import { createKernelsSync, MeshFormatError, type Asset, type BackendName, type FormatHandler, type Kernels, type ReadOptions as LibraryReadOptions } from '../../bindings/index.js';
import { checkWriters, type WriterOutcome } from './fuzz-writers.js';

/** What a fuzzed read gets besides its bytes: its file name and companions (a TF .msh.blob), and their size for the memory bound. */
export interface ReadOptions extends Omit<LibraryReadOptions, 'kernels'> {
  companionBytes?: number;
}

export const FUZZ_BACKENDS: BackendName[] = ['wasm-simd', 'wasm-scalar', 'js'];

/** The contract the README states: an Asset holds at most this many bytes per file byte, plus ASSET_BYTES_SLACK. */
export const ASSET_BYTES_PER_FILE_BYTE = 64;
export const ASSET_BYTES_SLACK = 64 * 1024;
/** Beyond this a call on a fuzz input counts as a hang (inputs are at most a few hundred kB). */
export const HANG_MS = 3000;

/** Small memory caps, so that every input checks that memory grown by a call is given back. */
const FUZZ_MEMORY_CAP = 8 * 1024 * 1024;

export function fuzzKernels(): Record<BackendName, Kernels> {
  return Object.fromEntries(FUZZ_BACKENDS.map((b) => [b, createKernelsSync(b, FUZZ_MEMORY_CAP)])) as Record<BackendName, Kernels>;
}

/** Bytes held by an Asset's typed arrays (a buffer shared by several arrays counted once). */
export function assetBytes(asset: Asset): number {
  const buffers = new Set<ArrayBufferLike>();
  let total = 0;
  const add = (a: ArrayBufferView | undefined) => {
    if (!a || buffers.has(a.buffer)) return;
    buffers.add(a.buffer);
    total += a.buffer.byteLength;
  };
  for (const mesh of asset.meshes) {
    const at = mesh.attributes;
    [at.positions, at.normals, at.tangents, at.colors, at.joints, at.weights, mesh.indices, ...(at.uvs ?? [])].forEach(add);
    for (const extra of Object.values(mesh.extras ?? {})) add(extra.data);
    for (const target of (mesh as { targets?: { positions?: Float32Array; normals?: Float32Array }[] }).targets ?? []) [target.positions, target.normals].forEach(add);
  }
  for (const anim of asset.animations) for (const t of anim.tracks) [t.times, t.translation, t.rotation, t.scale].forEach(add);
  return total;
}

/** FNV-1a over 32-bit words, in two lanes: cheap enough to digest every Asset the fuzzers read. */
class Digest {
  private a = 0x811c9dc5;
  private b = 0x01000193;

  word(w: number): void {
    this.a = Math.imul(this.a ^ w, 0x01000193);
    this.b = Math.imul(this.b ^ (w >>> 16) ^ (w << 16), 0x5bd1e995);
  }

  text(s: string): void {
    this.word(s.length);
    for (let i = 0; i < s.length; i++) this.word(s.charCodeAt(i));
  }

  /** An array by its type and exact bit patterns (NaN payloads included: the backends promise them). */
  array(v: ArrayBufferView): void {
    this.text(v.constructor.name);
    this.word(v.byteLength);
    const whole = v.byteLength & ~3;
    const words = new Uint32Array(v.buffer.slice(v.byteOffset, v.byteOffset + whole));
    for (let i = 0; i < words.length; i++) this.word(words[i]!);
    const bytes = new Uint8Array(v.buffer, v.byteOffset + whole, v.byteLength - whole);
    for (let i = 0; i < bytes.length; i++) this.word(bytes[i]!);
  }

  value(v: unknown): void {
    if (ArrayBuffer.isView(v)) this.array(v);
    else if (Array.isArray(v)) {
      this.word(v.length);
      for (const item of v) this.value(item);
    } else if (v && typeof v === 'object') {
      for (const key of Object.keys(v).sort()) {
        this.text(key);
        this.value((v as Record<string, unknown>)[key]);
      }
    } else this.text(`${typeof v}:${Object.is(v, -0) ? '-0' : String(v)}`);
  }

  hex(): string {
    return (this.a >>> 0).toString(16).padStart(8, '0') + (this.b >>> 0).toString(16).padStart(8, '0');
  }
}

/** A digest of everything in an Asset: structure, names, numbers and every array's bits. */
export function assetDigest(asset: Asset): string {
  const digest = new Digest();
  digest.value(asset);
  return digest.hex();
}

export type FuzzOutcome = { ok: true; digest: string; assetBytes: number; writers?: WriterOutcome[] } | { ok: false; code: string; message: string };

/** What checkContract checks besides reading. */
export interface ContractChecks {
  /** Write every Asset that reads with every writer and read it back (helpers/fuzz-writers.ts). */
  writers?: boolean;
  /** For the formats of REWRITES_EXACTLY: a file that reads rewrites to the same bytes (README § Formats). */
  rewrite?: boolean;
}

/** A broken contract: what the fuzzer reports and saves a reproducer for. */
export class ContractViolation extends Error {}

function checkError(error: unknown, handler: FormatHandler, fileBytes: number, backend: BackendName): FuzzOutcome {
  if (!(error instanceof MeshFormatError)) throw new ContractViolation(`${backend}: threw ${error instanceof Error ? error.stack : String(error)}, not a MeshFormatError`);
  if (error.code === 'INTERNAL') throw new ContractViolation(`${backend}: internal error: ${error.message}; cause: ${(error.cause as Error)?.stack ?? String(error.cause)}`);
  const positioned = error.offset !== undefined || error.line !== undefined;
  if (!positioned) throw new ContractViolation(`${backend}: ${error.code} without an offset or line: ${error.message}`);
  if (error.offset !== undefined && !(error.offset >= 0 && error.offset <= fileBytes)) throw new ContractViolation(`${backend}: offset ${error.offset} outside the ${fileBytes} bytes of files: ${error.message}`);
  if (!error.format) throw new ContractViolation(`${backend}: error names no format: ${error.message}`);
  return { ok: false, code: error.code, message: error.message };
}

/**
 * Parses `bytes` with `handler` on every backend and checks the contract: only MeshFormatError
 * (never INTERNAL) with a position inside the file; the same outcome on every backend (the same
 * error code, or Assets equal bit for bit); Asset bytes within the stated bound; WebAssembly
 * memory back under its cap after the call; no call slower than HANG_MS. Throws ContractViolation.
 */
export function checkContract(handler: FormatHandler, bytes: Uint8Array, kernels: Record<BackendName, Kernels>, options: ReadOptions = {}, checks: ContractChecks = {}): FuzzOutcome {
  const outcomes: FuzzOutcome[] = [];
  const assets = {} as Record<BackendName, Asset>;
  for (const backend of FUZZ_BACKENDS) {
    const k = kernels[backend];
    const started = performance.now();
    let outcome: FuzzOutcome;
    try {
      const { companionBytes: _, ...readOptions } = options;
      const asset = handler.parseSync(bytes, { ...readOptions, kernels: k });
      const held = assetBytes(asset);
      const fileBytes = bytes.length + (options.companionBytes ?? 0);
      if (held > ASSET_BYTES_PER_FILE_BYTE * fileBytes + ASSET_BYTES_SLACK) {
        throw new ContractViolation(`${backend}: the Asset holds ${held} bytes for ${fileBytes} bytes of files (bound ${ASSET_BYTES_PER_FILE_BYTE}× + ${ASSET_BYTES_SLACK})`);
      }
      outcome = { ok: true, digest: assetDigest(asset), assetBytes: held };
      assets[backend] = asset;
    } catch (error) {
      if (error instanceof ContractViolation) throw error;
      outcome = checkError(error, handler, bytes.length + (options.companionBytes ?? 0), backend);
    }
    const ms = performance.now() - started;
    if (ms > HANG_MS) throw new ContractViolation(`${backend}: took ${ms.toFixed(0)} ms on a ${bytes.length}-byte file`);
    if (k.memoryBytes > k.memoryCap) throw new ContractViolation(`${backend}: ${k.memoryBytes} bytes of WebAssembly memory kept after the call (cap ${k.memoryCap})`);
    outcomes.push(outcome);
  }
  const [first, ...rest] = outcomes;
  for (let i = 0; i < rest.length; i++) {
    const other = rest[i]!;
    const same = first!.ok && other.ok ? first!.digest === other.digest : !first!.ok && !other.ok ? first!.code === other.code : false;
    if (!same) throw new ContractViolation(`backends disagree: ${FUZZ_BACKENDS[0]} ${describe(first!)}, ${FUZZ_BACKENDS[i + 1]} ${describe(other)}`);
  }
  if (first!.ok && checks.rewrite) checkRewrite(handler, bytes, kernels, options);
  if (first!.ok && checks.writers) return { ...first!, writers: checkWriters(assets, kernels) };
  return first!;
}

/** Formats whose rewriteSync the README promises gives the same bytes (the text formats promise the same document, TF's blob alone the same bytes). */
export const REWRITES_EXACTLY = ['unigine', 'iqm', 'ms2'];

/** A file that reads is rewritten (rewriteSync, through its document) to the same bytes, on every backend. */
function checkRewrite(handler: FormatHandler, bytes: Uint8Array, kernels: Record<BackendName, Kernels>, options: ReadOptions): void {
  if (!handler.rewriteSync || !REWRITES_EXACTLY.includes(handler.name)) return;
  const { companionBytes: _, ...readOptions } = options;
  for (const backend of FUZZ_BACKENDS) {
    let out: Uint8Array;
    try {
      out = handler.rewriteSync(bytes, { ...readOptions, kernels: kernels[backend] });
    } catch (error) {
      const why = error instanceof MeshFormatError ? `${error.code}: ${error.message}` : String(error);
      throw new ContractViolation(`${backend}: rewriteSync refuses a file parseSync reads (${why})`);
    }
    const at = firstDifference(out, bytes);
    if (at >= 0) throw new ContractViolation(`${backend}: rewriteSync gives ${out.length} bytes that differ from the ${bytes.length} read at byte ${at}`);
  }
}

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

function describe(outcome: FuzzOutcome): string {
  return outcome.ok ? `read an Asset (${outcome.digest.slice(0, 12)})` : `refused it (${outcome.code}: ${outcome.message})`;
}

const INTERESTING_U32 = [0, 1, 2, 3, 4, 7, 8, 0x10, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x55555556];

/** One mutation of `source`: a truncation, bit flips, random or 0xff bytes, an interesting uint32, a deleted or repeated span. */
export function mutate(source: Uint8Array, next: () => number): Uint8Array {
  const pick = (n: number) => Math.floor(next() * n);
  // Half of the edits land in the first 512 bytes, where the counts, names and tables are.
  const position = (length: number) => pick(next() < 0.5 ? Math.min(512, length) : Math.max(1, length));
  const kind = pick(7);
  if (kind === 0 || source.length === 0) return source.slice(0, pick(source.length + 1));
  if (kind === 5) {
    const at = position(source.length);
    const length = 1 + pick(Math.min(64, source.length - at));
    const out = new Uint8Array(source.length - Math.min(length, source.length - at));
    out.set(source.subarray(0, at));
    out.set(source.subarray(at + length), at);
    return out;
  }
  if (kind === 6) {
    const at = position(source.length);
    const span = source.subarray(at, at + 1 + pick(32));
    const out = new Uint8Array(source.length + span.length);
    out.set(source.subarray(0, at));
    out.set(span, at);
    out.set(source.subarray(at), at + span.length);
    return out;
  }
  const bytes = source.slice();
  const edits = 1 + pick(4);
  for (let e = 0; e < edits; e++) {
    const at = position(bytes.length);
    if (kind === 1) bytes[at] = bytes[at]! ^ (1 << pick(8));
    else if (kind === 2) bytes[at] = pick(256);
    else if (kind === 3) bytes[at] = 0xff;
    else if (at + 4 <= bytes.length) new DataView(bytes.buffer).setUint32(at, INTERESTING_U32[pick(INTERESTING_U32.length)]!, true);
  }
  return bytes;
}
