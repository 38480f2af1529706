// Where WebAssembly stops paying on small files: per format, the generated tube at 0.5–64 KB,
// parsed and encoded on wasm-simd and js (kernels passed explicitly), interleaved; × js is js time ÷
// wasm-simd time. The default backend hands inputs below SMALL_INPUT_DEFAULTS.bytes to the js
// kernels (bindings/kernels/small-input.ts); this run is where that threshold comes from.
// Run: tsx bench/small-inputs.bench.ts
import { createKernelsSync, type Asset, type FormatHandler, type Kernels } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { fmt, machine, markdownTable, timeInterleaved, writeResults } from './harness.js';

const SIZES_KB = [0.5, 2, 8, 16, 32, 64];
const kernels: Record<string, Kernels> = { 'wasm-simd': createKernelsSync('wasm-simd'), js: createKernelsSync('js') };

function files(format: FormatHandler, asset: Asset, k: Kernels) {
  const name = `small${format.extensions[0]}`;
  const out = format.encodeFiles ? format.encodeFiles(asset, name, { kernels: k }) : [{ name, bytes: format.encodeSync(asset, { kernels: k }) }];
  return out;
}

const rows: (string | number)[][] = [];
const results: unknown[] = [];
for (const format of FORMATS) {
  const size = (rings: number) => files(format, tubeAsset({ rings, segments: 8, frames: 2 }), kernels.js!).reduce((n, f) => n + f.bytes.length, 0);
  const perRing = Math.max(1, size(12) - size(11));
  const base = size(2) - 2 * perRing;
  for (const kb of SIZES_KB) {
    const rings = Math.max(2, Math.round((kb * 1000 - base) / perRing));
    const written = files(format, tubeAsset({ rings, segments: 8, frames: 2 }), kernels.js!);
    const name = written[0]!.name;
    const bytes = written[0]!.bytes;
    const resolve = (n: string) => written.find((f) => f.name === n)?.bytes;
    const fileBytes = written.reduce((n, f) => n + f.bytes.length, 0);
    let asset: Asset;
    try {
      asset = format.parseSync(bytes, { fileName: name, resolve, kernels: kernels.js });
    } catch (error) {
      console.error(`${format.name} ${kb} KB: ${(error as Error).message}`);
      continue;
    }
    const parse = timeInterleaved(Object.fromEntries(Object.entries(kernels).map(([b, k]) => [b, () => format.parseSync(bytes, { fileName: name, resolve, kernels: k })])), { minSeconds: 0.4 });
    const encode = timeInterleaved(Object.fromEntries(Object.entries(kernels).map(([b, k]) => [b, () => files(format, asset, k)])), { minSeconds: 0.4 });
    results.push({ format: format.name, fileBytes, parse, encode });
    rows.push([format.name, fmt(fileBytes / 1000, 1), fmt(parse.js! * 1e6, 0), fmt(parse.js! / parse['wasm-simd']!), fmt(encode.js! * 1e6, 0), fmt(encode.js! / encode['wasm-simd']!)]);
  }
}
const m = machine();
console.log(`small inputs — ${m.cpu}, ${m.cores} cores, Node ${m.node}\n`);
console.log(markdownTable(['format', 'file KB', 'parse js µs', 'parse wasm-simd × js', 'encode js µs', 'encode wasm-simd × js'], rows));
console.log(`\nwrote ${writeResults('small-inputs', { benchmark: 'small-inputs', rows: results })}`);
