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
const SIZES_MB = values.quick ? [1, 10] : [1, 10, 100];
const BACKENDS: BackendName[] = ['wasm-simd', 'wasm-scalar', 'js'];
const kernels = Object.fromEntries(BACKENDS.map((b) => [b, createKernelsSync(b, 1 << 30)])) as Record<BackendName, Kernels>;
const MB = 1e6;

/** A copy of `bytes` bytes (input + output): the baseline every row is compared with. */
function copier(bytes: number): () => unknown {
  const from = new Uint8Array(bytes).fill(7);
  const to = new Uint8Array(bytes);
  return () => to.set(from);
}

/** The tube grown until its file in `format` is about `megabytes` MB, with its bytes. */
function generated(format: FormatHandler, megabytes: number): Uint8Array {
  const probe = format.encodeSync(tubeAsset({ rings: 64, segments: 64, frames: 4 }), { kernels: kernels.js });
  const rings = Math.max(2, Math.round((64 * megabytes * MB) / probe.length));
  return format.encodeSync(tubeAsset({ rings, segments: 64, frames: 4 }), { kernels: kernels.js });
}

interface Row {
  format: string;
  input: string;
  work: 'parse' | 'encode';
  backend: BackendName;
  inputBytes: number;
  ms: number;
  mbPerSecond: number;
  vsJs: number;
  vsCopy: number;
}

const rows: Row[] = [];

function measure(format: FormatHandler, input: string, bytes: Uint8Array): void {
  const assets = Object.fromEntries(BACKENDS.map((b) => [b, format.parseSync(bytes, { kernels: kernels[b] })])) as Record<BackendName, Asset>;
  const encoded = format.encodeSync(assets.js, { kernels: kernels.js });
  const minSeconds = bytes.length > 20 * MB ? 4 : 1.5;
  const parse = timeInterleaved(
    { copy: copier(bytes.length + assetBytes(assets.js)), ...Object.fromEntries(BACKENDS.map((b) => [b, () => format.parseSync(bytes, { kernels: kernels[b] })])) },
    { minSeconds },
  );
  const encode = timeInterleaved(
    { copy: copier(assetBytes(assets.js) + encoded.length), ...Object.fromEntries(BACKENDS.map((b) => [b, () => format.encodeSync(assets[b], { kernels: kernels[b] })])) },
    { minSeconds },
  );
  for (const [work, timing, size] of [['parse', parse, bytes.length], ['encode', encode, encoded.length]] as const) {
    for (const b of BACKENDS) {
      const seconds = timing[b]!;
      rows.push({ format: format.name, input, work, backend: b, inputBytes: size, ms: seconds * 1000, mbPerSecond: size / MB / seconds, vsJs: timing.js! / seconds, vsCopy: seconds / timing.copy! });
    }
  }
}

for (const format of FORMATS) {
  if (values.format && format.name !== values.format) continue;
  const inputs: [string, Uint8Array][] = [];
  if (corpusAvailable) for (const name of corpusFiles(format.name, format.extensions.slice())) inputs.push([name, readCorpus(format.name, name)]);
  for (const size of SIZES_MB) inputs.push([`generated ${size} MB`, generated(format, size)]);
  for (const [name, bytes] of inputs) {
    try {
      measure(format, name, bytes);
    } catch (error) {
      console.error(`${format.name} ${name}: ${(error as Error).message}`);
    }
  }
}

const m = machine();
console.log(`meshcodec end-to-end benchmark — ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}`);
console.log('MB/s of the file (parse: input; encode: output); × copy = time / time to copy input + output bytes, interleaved\n');
console.log(markdownTable(
  ['format', 'input', 'work', 'backend', 'file MB', 'ms', 'MB/s', '× js', 'time ÷ copy'],
  rows.map((r) => [r.format, r.input, r.work, r.backend, fmt(r.inputBytes / MB, 3), fmt(r.ms, 3), fmt(r.mbPerSecond, 0), fmt(r.vsJs), fmt(r.vsCopy, 1)]),
));
console.log(`\nwrote ${writeResults(values.quick ? 'e2e-quick' : 'e2e', { benchmark: 'e2e', sizesMB: SIZES_MB, rows })}`);
