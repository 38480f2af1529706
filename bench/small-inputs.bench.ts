// Where WebAssembly stops paying on small files: per format, the generated tube at 0.3–64 KB
// (plus the corpus's files under 128 KB when the corpus is there), parsed and encoded on wasm-simd and js
// (kernels passed explicitly) and on the default backend (no kernels), interleaved; × js is js
// time ÷ that backend's time. Sizes are given as each threshold counts them: the file bytes with
// its companions for a parse, the Asset's array bytes (assetArrayBytes) for an encode. The default
// backend hands inputs below each format's threshold (formatSmallInput) to the js kernels
// (bindings/kernels/small-input.ts); this run is where those thresholds come from.
// Run: tsx bench/small-inputs.bench.ts [--format NAME]
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createKernelsSync, type Asset, type FormatHandler, type Kernels } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { assetArrayBytes, formatSmallInput } from '../bindings/kernels/small-input.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { CORPUS_DIR, corpusAvailable, readCorpus } from '../test/helpers/corpus.js';
import { fmt, machine, markdownTable, timeInterleaved, writeResults } from './harness.js';

const { values } = parseArgs({ options: { format: { type: 'string' } } });
const SIZES_KB = [0.5, 1, 2, 4, 6, 8, 12, 16, 24, 32, 64];
const kernels: Record<string, Kernels | undefined> = { 'wasm-simd': createKernelsSync('wasm-simd'), js: createKernelsSync('js'), default: undefined };
const js = kernels.js!;
const withKernels = (k: Kernels | undefined) => (k ? { kernels: k } : {});

function files(format: FormatHandler, asset: Asset, k: Kernels | undefined) {
  const name = `small${format.extensions[0]}`;
  return format.encodeFiles ? format.encodeFiles(asset, name, withKernels(k)) : [{ name, bytes: format.encodeSync(asset, withKernels(k)) }];
}

interface Input {
  label: string;
  written: { name: string; bytes: Uint8Array }[];
}

/** The tube at each size (deduplicated where the smallest tube is reached), plus the smallest tube with 3 segments. */
function tubeInputs(format: FormatHandler): Input[] {
  const size = (rings: number) => files(format, tubeAsset({ rings, segments: 8, frames: 2 }), js).reduce((n, f) => n + f.bytes.length, 0);
  const perRing = Math.max(1, size(12) - size(11));
  const base = size(2) - 2 * perRing;
  const seen = new Set<number>();
  const inputs: Input[] = [{ label: 'tube 2×3', written: files(format, tubeAsset({ rings: 2, segments: 3, frames: 2 }), js) }];
  for (const kb of SIZES_KB) {
    const rings = Math.max(2, Math.round((kb * 1000 - base) / perRing));
    if (seen.has(rings)) continue;
    seen.add(rings);
    inputs.push({ label: `tube ${rings}×8`, written: files(format, tubeAsset({ rings, segments: 8, frames: 2 }), js) });
  }
  return inputs;
}

/** The corpus's files of this format under 128 KB (main files; a TF .msh with its blob). */
function corpusInputs(format: FormatHandler): Input[] {
  if (!corpusAvailable) return [];
  const inputs: Input[] = [];
  for (const folder of readdirSync(CORPUS_DIR, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const name of readdirSync(join(CORPUS_DIR, folder.name)).sort()) {
      if (!format.extensions.some((extension) => name.toLowerCase().endsWith(extension))) continue;
      const bytes = readCorpus(folder.name, name);
      if (bytes.length >= 128e3 || !format.test(bytes)) continue;
      const written = [{ name, bytes }];
      const blob = `${name}.blob`;
      if (existsSync(join(CORPUS_DIR, folder.name, blob))) written.push({ name: blob, bytes: readCorpus(folder.name, blob) });
      inputs.push({ label: name, written });
    }
  }
  return inputs;
}

const rows: (string | number)[][] = [];
const results: unknown[] = [];
for (const format of FORMATS) {
  if (values.format && format.name !== values.format) continue;
  const threshold = formatSmallInput(format);
  for (const { label, written } of [...tubeInputs(format), ...corpusInputs(format)]) {
    const name = written[0]!.name;
    const bytes = written[0]!.bytes;
    const resolve = (n: string) => written.find((f) => f.name === n)?.bytes;
    const fileBytes = written.reduce((n, f) => n + f.bytes.length, 0);
    let asset: Asset;
    try {
      asset = format.parseSync(bytes, { fileName: name, resolve, kernels: js });
    } catch (error) {
      console.error(`${format.name} ${label}: ${(error as Error).message}`);
      continue;
    }
    const arrayBytes = assetArrayBytes(asset, Infinity);
    const parse = timeInterleaved(Object.fromEntries(Object.entries(kernels).map(([b, k]) => [b, () => format.parseSync(bytes, { fileName: name, resolve, ...withKernels(k) })])), { minSeconds: 0.4 });
    const encode = timeInterleaved(Object.fromEntries(Object.entries(kernels).map(([b, k]) => [b, () => files(format, asset, k)])), { minSeconds: 0.4 });
    results.push({ format: format.name, input: label, fileBytes, assetArrayBytes: arrayBytes, threshold, parse, encode });
    rows.push([
      format.name, label,
      fmt(fileBytes / 1000, 1), fmt(parse.js! * 1e6, 0), fmt(parse.js! / parse['wasm-simd']!), fmt(parse.js! / parse.default!),
      fmt(arrayBytes / 1000, 1), fmt(encode.js! * 1e6, 0), fmt(encode.js! / encode['wasm-simd']!), fmt(encode.js! / encode.default!),
    ]);
  }
}
const m = machine();
console.log(`small inputs — ${m.cpu}, ${m.cores} cores, Node ${m.node}\n`);
console.log(markdownTable(['format', 'input', 'file KB', 'parse js µs', 'parse wasm-simd × js', 'parse default × js', 'Asset KB', 'encode js µs', 'encode wasm-simd × js', 'encode default × js'], rows));
console.log(`\nwrote ${writeResults('small-inputs', { benchmark: 'small-inputs', rows: results })}`);
