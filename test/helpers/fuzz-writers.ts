// The writer half of the fuzz contract: every Asset that reads is written by every writer in
// FORMATS (encodeFiles where the format has it, else encodeSync), on each backend, and read back
// by that writer's own reader. Used by checkContract (helpers/fuzz.ts) when asked for writers.
//
// The output bound, WRITER_BYTES_PER_ASSET_BYTE: on every seed (fixtures, the corpus files,
// the synthetic files) through every writer, the largest (output − 64 KiB) ÷ Asset bytes was 7.0
// (UNIGINE arm.mesh → apg: numbers as text; next ms2 → apg 6.7, a UNIGINE .anim → .gltf 3.9).
// 64× (the readers' own factor) leaves that headroom and still catches the class it is for: two
// glTF keys 550,000 s apart written as every frame (1.36 MB from an Asset of 412 bytes, 3,300×).
// The alternative, a bound on frames × joints alone (the README's 2^24 keys), allows 160 MB from
// a 569-byte glTF. The slack covers the fixed costs of tiny Assets (GLB JSON, IQM header, TF Lua).
import { FORMATS, MeshFormatError, type Asset, type BackendName, type EncodedFile, type FormatHandler, type Kernels } from '../../bindings/index.js';
import { assetBytes, ContractViolation, FUZZ_BACKENDS, HANG_MS } from './fuzz.js';

export const WRITER_BYTES_PER_ASSET_BYTE = 64;
export const WRITER_BYTES_SLACK = 256 * 1024;

export type WriterOutcome = { writer: string; ok: true; bytes: number } | { writer: string; ok: false; code: string; message: string };

/** The files `writer` makes of `asset`, named `fuzz.<ext>` (the extension it would give the Asset). */
export function writeAll(writer: FormatHandler, asset: Asset, kernels: Kernels): EncodedFile[] {
  const name = `fuzz${writer.outputExtension?.(asset, { kernels }) ?? writer.extensions[0]}`;
  if (writer.encodeFiles) return writer.encodeFiles(asset, name, { kernels, fileName: name });
  return [{ name, bytes: writer.encodeSync(asset, { kernels, fileName: name }) }];
}

function digestFiles(files: EncodedFile[]): string {
  let a = 0x811c9dc5;
  for (const f of files) {
    for (let i = 0; i < f.name.length; i++) a = Math.imul(a ^ f.name.charCodeAt(i), 0x01000193);
    for (let i = 0; i < f.bytes.length; i++) a = Math.imul(a ^ f.bytes[i]!, 0x01000193);
    a = Math.imul(a ^ f.bytes.length, 0x01000193);
  }
  return `${files.map((f) => f.bytes.length).join('+')}:${(a >>> 0).toString(16)}`;
}

/** One writer on one backend's Asset: its files' digest, or the refusal's code. Throws ContractViolation. */
function writeOne(writer: FormatHandler, asset: Asset, k: Kernels, backend: BackendName): { key: string; outcome: WriterOutcome } {
  const held = assetBytes(asset);
  const started = performance.now();
  let files: EncodedFile[];
  try {
    files = writeAll(writer, structuredClone(asset), k);
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw new ContractViolation(`${writer.name} writer on ${backend}: threw ${error instanceof Error ? error.stack : String(error)}, not a MeshFormatError`);
    if (error.code === 'INTERNAL') throw new ContractViolation(`${writer.name} writer on ${backend}: internal error: ${error.message}; cause: ${(error.cause as Error)?.stack ?? String(error.cause)}`);
    if (error.format !== 'asset' && error.format !== writer.name) throw new ContractViolation(`${writer.name} writer on ${backend}: refused with format ${error.format}, neither 'asset' nor '${writer.name}': ${error.message}`);
    if (!error.path) throw new ContractViolation(`${writer.name} writer on ${backend}: ${error.code} names no Asset path: ${error.message}`);
    return { key: `refused ${error.code}`, outcome: { writer: writer.name, ok: false, code: error.code, message: error.message } };
  } finally {
    const ms = performance.now() - started;
    const bound = HANG_MS + held / WRITER_MIN_BYTES_PER_MS;
    if (ms > bound) throw new ContractViolation(`${writer.name} writer on ${backend}: took ${ms.toFixed(0)} ms on an Asset of ${held} bytes (bound ${bound.toFixed(0)} ms)`);
    if (k.memoryBytes > k.memoryCap) throw new ContractViolation(`${writer.name} writer on ${backend}: ${k.memoryBytes} bytes of WebAssembly memory kept after the call (cap ${k.memoryCap})`);
  }
  const written = files.reduce((n, f) => n + f.bytes.length, 0);
  if (written > WRITER_BYTES_PER_ASSET_BYTE * held + WRITER_BYTES_SLACK) throw new ContractViolation(`${writer.name} writer on ${backend}: ${written} bytes written from an Asset of ${held} bytes (bound ${WRITER_BYTES_PER_ASSET_BYTE}× + ${WRITER_BYTES_SLACK})`);
  const main = files[0]!;
  try {
    writer.parseSync(main.bytes, { kernels: k, fileName: main.name, resolve: (name) => files.find((f) => f.name === name)?.bytes });
  } catch (error) {
    const why = error instanceof MeshFormatError ? `${error.code}: ${error.message}` : String(error);
    throw new ContractViolation(`${writer.name} writer on ${backend}: its own reader refuses what it wrote (${why})`);
  }
  return { key: digestFiles(files), outcome: { writer: writer.name, ok: true, bytes: written } };
}

/**
 * Writers' time follows the Asset's bytes: a call may take HANG_MS plus one millisecond per this
 * many bytes (4 MB/s). The slowest writer is GLB on thousands of small meshes (a glTF instancing
 * one mesh on many nodes reads as one Asset mesh per node): about 0.6 ms per mesh in
 * @gltf-transform/core's object graph, 3.9 s for a 17.9 MB Asset of such meshes on js, linear.
 */
export const WRITER_MIN_BYTES_PER_MS = 4000;

/**
 * Writes the Asset each backend read (`assets`, one per backend, equal bit for bit) with every
 * writer on that backend's kernels and reads each output back: bytes that read back, or a
 * MeshFormatError of format 'asset' or the writer's, naming the Asset path; never INTERNAL; no
 * call slower than HANG_MS + the Asset's bytes / WRITER_MIN_BYTES_PER_MS; output within WRITER_BYTES_PER_ASSET_BYTE × the Asset's bytes +
 * slack; the same bytes (or the same refusal) on every backend. Throws ContractViolation.
 */
export function checkWriters(assets: Record<BackendName, Asset>, kernels: Record<BackendName, Kernels>, writers: readonly FormatHandler[] = FORMATS): WriterOutcome[] {
  const outcomes: WriterOutcome[] = [];
  for (const writer of writers) {
    const results = FUZZ_BACKENDS.map((backend) => writeOne(writer, assets[backend], kernels[backend], backend));
    for (let i = 1; i < results.length; i++) {
      if (results[i]!.key !== results[0]!.key) throw new ContractViolation(`${writer.name} writer: backends disagree: ${FUZZ_BACKENDS[0]} ${results[0]!.key}, ${FUZZ_BACKENDS[i]} ${results[i]!.key}`);
    }
    outcomes.push(results[0]!.outcome);
  }
  return outcomes;
}
