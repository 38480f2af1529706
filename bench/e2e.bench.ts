// End to end: what users call. For every format, parse (`parseSync`, bytes → Asset) and encode
// (`encodeSync`, Asset → bytes) on every backend, for every corpus file and for generated files of
// about 1, 10 and 100 MB, each timed interleaved with a copy of the same bytes (the input and the
// output: the least any decoder must move). Run: npm run bench:e2e [-- --quick] [--format NAME]
import { parseArgs } from 'node:util';
import { createKernelsSync, type Asset, type BackendName, type FormatHandler, type Kernels } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { assetBytes } from '../test/helpers/fuzz.js';
import { corpusAvailable, corpusFiles, readCorpus } from '../test/helpers/corpus.js';
import { fmt, machine, markdownTable, timeInterleaved, writeResults } from './harness.js';

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, format: { type: 'string' } } });
const SIZES_MB = values.quick ? [0.03, 1, 10] : [0.03, 1, 10, 100];
/** The 10 MB file again with its mesh split into this many meshes: one large surface should cost no more per byte. */
const SPLIT_MESHES = 8;
/** 'default': no `kernels` option, what users get (the library-wide backend, js for small inputs). */
type Backend = BackendName | 'default';
const BACKENDS: Backend[] = ['default', 'wasm-simd', 'wasm-scalar', 'js'];
const kernels = Object.fromEntries((['wasm-simd', 'wasm-scalar', 'js'] as const).map((b) => [b, createKernelsSync(b, 1 << 30)])) as Record<BackendName, Kernels>;
const optionsFor = (b: Backend) => (b === 'default' ? {} : { kernels: kernels[b] });
const MB = 1e6;

/** A copy of `bytes` bytes (input + output): the baseline every row is compared with. */
function copier(bytes: number): () => unknown {
  const from = new Uint8Array(bytes).fill(7);
  const to = new Uint8Array(bytes);
  return () => to.set(from);
}

/** A file to parse, with the files read beside it (a TF .msh.blob). */
interface Input {
  name: string;
  bytes: Uint8Array;
  companions: { name: string; bytes: Uint8Array }[];
}

const readOptions = (input: Input) => ({ fileName: input.name, resolve: (n: string) => input.companions.find((c) => c.name === n)?.bytes });

/** Every file `format` writes for `asset` (one, or a TF .msh with its blob). */
function encodeAll(format: FormatHandler, asset: Asset, name: string, kernels: Kernels | undefined): Input {
  const options = kernels ? { kernels } : {};
  const files = format.encodeFiles ? format.encodeFiles(asset, name, options) : [{ name, bytes: format.encodeSync(asset, options) }];
  return { name, bytes: files[0]!.bytes, companions: files.slice(1) };
}

const sizeOf = (input: Input) => input.bytes.length + input.companions.reduce((n, c) => n + c.bytes.length, 0);

/** The tube grown until its files in `format` are about `megabytes` MB; with `meshes` > 1, as that many tubes of 1/meshes the rings. */
function generated(format: FormatHandler, megabytes: number, meshes = 1): Input {
  const name = `generated${format.extensions[0]}`;
  const segments = megabytes < 0.1 ? 16 : 64;
  const probe = sizeOf(encodeAll(format, tubeAsset({ rings: 64, segments, frames: 4 }), name, kernels.js));
  const rings = Math.max(2, Math.round((64 * megabytes * MB) / probe));
  const asset = tubeAsset({ rings: Math.max(2, Math.round(rings / meshes)), segments, frames: 4 });
  for (let m = 1; m < meshes; m++) asset.meshes.push({ ...asset.meshes[0]!, name: `tube${m}` });
  return encodeAll(format, asset, name, kernels.js);
}

/** WebAssembly memory one parse of `input` grows a fresh instance by, in bytes (0 on js). */
function wasmMemoryOfParse(format: FormatHandler, input: Input, backend: Backend): number {
  if (backend === 'default') return 0;
  const fresh = createKernelsSync(backend, 1 << 30);
  const before = fresh.memoryBytes;
  format.parseSync(input.bytes, { ...readOptions(input), kernels: fresh });
  return fresh.memoryBytes - before;
}

interface Row {
  format: string;
  input: string;
  work: 'parse' | 'encode';
  backend: Backend;
  inputBytes: number;
  ms: number;
  mbPerSecond: number;
  vsJs: number;
  vsCopy: number;
  /** Parse only: WebAssembly memory the parse grew a fresh instance by, per byte of input. */
  wasmMemoryPerInputByte?: number;
}

const rows: Row[] = [];

function measure(format: FormatHandler, label: string, input: Input): void {
  const parse = (b: Backend) => format.parseSync(input.bytes, { ...readOptions(input), ...optionsFor(b) });
  const assets = Object.fromEntries(BACKENDS.map((b) => [b, parse(b)])) as Record<Backend, Asset>;
  const encoded = encodeAll(format, assets.js, input.name, kernels.js);
  const inputBytes = sizeOf(input);
  const outputBytes = sizeOf(encoded);
  const minSeconds = inputBytes > 20 * MB ? 4 : 1.5;
  const parseTimes = timeInterleaved({ copy: copier(inputBytes + assetBytes(assets.js)), ...Object.fromEntries(BACKENDS.map((b) => [b, () => parse(b)])) }, { minSeconds });
  const encodeTimes = timeInterleaved(
    { copy: copier(assetBytes(assets.js) + outputBytes), ...Object.fromEntries(BACKENDS.map((b) => [b, () => encodeAll(format, assets[b], input.name, b === 'default' ? undefined : kernels[b])])) },
    { minSeconds },
  );
  for (const [work, timing, size] of [['parse', parseTimes, inputBytes], ['encode', encodeTimes, outputBytes]] as const) {
    for (const b of BACKENDS) {
      const seconds = timing[b]!;
      const row: Row = { format: format.name, input: label, work, backend: b, inputBytes: size, ms: seconds * 1000, mbPerSecond: size / MB / seconds, vsJs: timing.js! / seconds, vsCopy: seconds / timing.copy! };
      if (work === 'parse') row.wasmMemoryPerInputByte = wasmMemoryOfParse(format, input, b) / inputBytes;
      rows.push(row);
    }
  }
}

for (const format of FORMATS) {
  if (values.format && format.name !== values.format) continue;
  const inputs: [string, Input][] = [];
  if (corpusAvailable) {
    for (const name of corpusFiles(format.name, format.extensions.slice())) {
      const companions = corpusFiles(format.name, [`${name}.blob`]).map((c) => ({ name: c, bytes: readCorpus(format.name, c) }));
      inputs.push([name, { name, bytes: readCorpus(format.name, name), companions }]);
    }
  }
  const sizes: [string, number, number][] = SIZES_MB.map((size) => [`generated ${size} MB`, size, 1]);
  sizes.push([`generated 10 MB in ${SPLIT_MESHES} meshes`, 10, SPLIT_MESHES]);
  for (const [label, size, meshes] of sizes) {
    try {
      inputs.push([label, generated(format, size, meshes)]);
    } catch (error) {
      // A format may not hold a file that large (MeshSerializer2: 65535 vertices).
      console.error(`${format.name} ${label}: ${(error as Error).message}`);
    }
  }
  for (const [label, input] of inputs) {
    try {
      measure(format, label, input);
    } catch (error) {
      console.error(`${format.name} ${label}: ${(error as Error).message}`);
    }
  }
}

const m = machine();
console.log(`meshcodec end-to-end benchmark — ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}`);
console.log('MB/s of the file (parse: input; encode: output); × copy = time / time to copy input + output bytes, interleaved\n');
console.log(markdownTable(
  ['format', 'input', 'work', 'backend', 'file MB', 'ms', 'MB/s', '× js', 'time ÷ copy', 'wasm memory ÷ input'],
  rows.map((r) => [r.format, r.input, r.work, r.backend, fmt(r.inputBytes / MB, 3), fmt(r.ms, 3), fmt(r.mbPerSecond, 0), fmt(r.vsJs), fmt(r.vsCopy, 1), r.wasmMemoryPerInputByte === undefined ? '' : fmt(r.wasmMemoryPerInputByte, 2)]),
));
console.log(`\nwrote ${writeResults(values.quick ? 'e2e-quick' : 'e2e', { benchmark: 'e2e', sizesMB: SIZES_MB, rows })}`);
