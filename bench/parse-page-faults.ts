// Page faults per parse (the MeshSerializer2 1 MB anomaly of issue 22, fifth round): the speed
// bar's slots (a copy, then the default backend, js, wasm-simd, wasm-scalar) interleaved call by
// call as bench/speed-bar.bench.ts runs them, with the process's minor page faults counted around
// each call. A slow call that takes as many faults as its Asset has pages is one whose result
// came from fresh memory (glibc trimmed the heap after V8 freed earlier results in bulk). Compare
// a run under `MALLOC_TOP_PAD_=67108864` (glibc keeps 64 MiB instead of trimming).
// Run: npx tsx bench/parse-page-faults.ts [--format ms2] [--bar mrfixit] [--rounds 1000]
import { parseArgs } from 'node:util';
import { createKernelsSync, type Kernels } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { assetBytes } from '../test/helpers/fuzz.js';
import { speedBarInput, type SpeedBar } from './speed-bar-input.js';

const { values } = parseArgs({ options: { format: { type: 'string', default: 'ms2' }, bar: { type: 'string', default: 'mrfixit' }, rounds: { type: 'string', default: '1000' } } });
const format = FORMATS.find((f) => f.name === values.format)!;
const { name, files, resolve } = speedBarInput(format, values.bar as SpeedBar);
const parse = (kernels?: Kernels) => () => format.parseSync(files[0]!.bytes, { fileName: name, resolve, ...(kernels ? { kernels } : {}) });
const bytes = files.reduce((n, f) => n + f.bytes.length, 0) + assetBytes(parse()());
const from = new Uint8Array(bytes).fill(7);
const to = new Uint8Array(bytes);
const runs: Record<string, () => unknown> = {
  copy: () => to.set(from),
  default: parse(),
  js: parse(createKernelsSync('js')),
  'wasm-simd': parse(createKernelsSync('wasm-simd')),
  'wasm-scalar': parse(createKernelsSync('wasm-scalar')),
};
const ms: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
const faults: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
const rounds = Number(values.rounds);
for (let r = 0; r < rounds; r++) {
  for (const [k, run] of Object.entries(runs)) {
    const before = process.resourceUsage().minorPageFault;
    const t = performance.now();
    run();
    ms[k]!.push(performance.now() - t);
    faults[k]!.push(process.resourceUsage().minorPageFault - before);
  }
}
const at = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.floor(p * (list.length - 1))]!;
console.log(`${format.name} ${values.bar}: ${bytes} bytes of input + Asset (${Math.ceil(bytes / 4096)} pages), ${rounds} rounds, first fifth left out`);
console.log('| slot | ms p10 | ms p50 | ms p90 | faults p50 | faults p90 | calls with faults |\n|---|---|---|---|---|---|---|');
for (const k of Object.keys(runs)) {
  const t = ms[k]!.slice(rounds / 5);
  const f = faults[k]!.slice(rounds / 5);
  console.log(`| ${k} | ${at(t, 0.1).toFixed(3)} | ${at(t, 0.5).toFixed(3)} | ${at(t, 0.9).toFixed(3)} | ${at(f, 0.5)} | ${at(f, 0.9)} | ${f.filter((n) => n > 100).length} / ${f.length} |`);
}
