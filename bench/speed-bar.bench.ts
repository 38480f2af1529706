// The speed bar of issue 22: tiled `mrfixit.iqm` at about 1 MB and a tiled Transport Fever door
// (car_r2_aquitaine_porte_a_lod0.msh) at about 30 KB, each written by meshcodec in every format,
// then parsed and encoded on the default backend (no `kernels` option: what users get), js,
// wasm-simd and wasm-scalar, timed interleaved with a copy of the same bytes (input + Asset for a
// parse, Asset + output for an encode). Run: npm run bench:speed-bar [-- --format NAME]
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createKernelsSync, type Asset, type FormatHandler, type Kernels } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { assetBytes } from '../test/helpers/fuzz.js';
import { corpusAvailable, readCorpus } from '../test/helpers/corpus.js';
import { fmt, machine, markdownTable, timeInterleaved, writeResults } from './harness.js';
import { tileAsset } from './tile-asset.js';

const { values } = parseArgs({ options: { format: { type: 'string' } } });
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const DOOR = 'car_r2_aquitaine_porte_a_lod0.msh';
const FORMAT_OF = Object.fromEntries(FORMATS.map((f) => [f.name, f]));
const js = createKernelsSync('js');
const explicit: Record<string, Kernels> = { js, 'wasm-simd': createKernelsSync('wasm-simd'), 'wasm-scalar': createKernelsSync('wasm-scalar') };

interface Input {
  name: string;
  bytes: Uint8Array;
  companions: { name: string; bytes: Uint8Array }[];
}
const sizeOf = (input: Input) => input.bytes.length + input.companions.reduce((n, c) => n + c.bytes.length, 0);
const readOptions = (input: Input) => ({ fileName: input.name, resolve: (n: string) => input.companions.find((c) => c.name === n)?.bytes });

function encodeAll(format: FormatHandler, asset: Asset, name: string, kernels?: Kernels): Input {
  const options = kernels ? { kernels } : {};
  const files = format.encodeFiles ? format.encodeFiles(asset, name, options) : [{ name, bytes: format.encodeSync(asset, options) }];
  return { name, bytes: files[0]!.bytes, companions: files.slice(1) };
}

/** `source` tiled until its file in `format` is about `target` bytes (sizes grow linearly with the copies). */
function tiledInput(format: FormatHandler, source: Asset, target: number): { input: Input; copies: number } {
  const name = `speed-bar${format.extensions[0]}`;
  const one = sizeOf(encodeAll(format, tileAsset(source, 1), name, js));
  const two = sizeOf(encodeAll(format, tileAsset(source, 2), name, js));
  const perCopy = Math.max(1, two - one);
  const copies = Math.max(1, Math.round((target - (one - perCopy)) / perCopy));
  return { input: encodeAll(format, tileAsset(source, copies), name, js), copies };
}

function copier(bytes: number): () => unknown {
  const from = new Uint8Array(bytes).fill(7);
  const to = new Uint8Array(bytes);
  return () => to.set(from);
}

const BACKENDS = ['default', 'js', 'wasm-simd', 'wasm-scalar'] as const;
const rows: (string | number)[][] = [];
const results: unknown[] = [];

const bars: [string, () => Asset, number][] = [];
if (existsSync(MRFIXIT)) bars.push(['mrfixit.iqm', () => FORMAT_OF.iqm!.parseSync(readFileSync(MRFIXIT), { kernels: js }), 1e6]);
if (corpusAvailable) {
  bars.push([DOOR, () => FORMAT_OF.tf!.parseSync(readCorpus('tf', DOOR), { fileName: DOOR, resolve: (n: string) => readCorpus('tf', n), kernels: js }), 30e3]);
}

for (const [label, load, target] of bars) {
  const source = load();
  for (const format of FORMATS) {
    if (values.format && format.name !== values.format) continue;
    let tiled: { input: Input; copies: number };
    try {
      tiled = tiledInput(format, source, target);
    } catch (error) {
      console.error(`${format.name} ${label}: ${(error as Error).message}`);
      continue;
    }
    const { input, copies } = tiled;
    const parse = (kernels?: Kernels) => format.parseSync(input.bytes, { ...readOptions(input), ...(kernels ? { kernels } : {}) });
    const asset = parse(js);
    const output = encodeAll(format, asset, input.name, js);
    const run = (b: (typeof BACKENDS)[number]) => (b === 'default' ? undefined : explicit[b]);
    const parseTimes = timeInterleaved({ copy: copier(sizeOf(input) + assetBytes(asset)), ...Object.fromEntries(BACKENDS.map((b) => [b, () => parse(run(b))])) }, { minSeconds: 1.5 });
    const encodeTimes = timeInterleaved({ copy: copier(assetBytes(asset) + sizeOf(output)), ...Object.fromEntries(BACKENDS.map((b) => [b, () => encodeAll(format, asset, input.name, run(b))])) }, { minSeconds: 1.5 });
    for (const [work, times, bytes] of [['parse', parseTimes, sizeOf(input)], ['encode', encodeTimes, sizeOf(output)]] as const) {
      const row = { format: format.name, source: label, copies, work, fileBytes: bytes, ms: Object.fromEntries(BACKENDS.map((b) => [b, times[b]! * 1000])), copyMs: times.copy! * 1000 };
      results.push(row);
      rows.push([format.name, `${label} ×${copies}`, work, fmt(bytes / 1e6, 3), fmt(times.default! * 1000, 3), fmt(times.default! / times.copy!, 1), fmt(times.js! / times.default!), fmt(times.js! / times['wasm-simd']!), fmt(times.js! / times['wasm-scalar']!)]);
    }
  }
}

const m = machine();
console.log(`meshcodec speed bar — ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}`);
console.log('default = no kernels option; × js = js time ÷ that backend\'s time (≥ 1: faster than js); ÷ copy = default time ÷ copy time, interleaved\n');
console.log(markdownTable(['format', 'input', 'work', 'file MB', 'default ms', 'default ÷ copy', 'default × js', 'wasm-simd × js', 'wasm-scalar × js'], rows));
console.log(`\nwrote ${writeResults('speed-bar', { benchmark: 'speed-bar', rows: results })}`);
