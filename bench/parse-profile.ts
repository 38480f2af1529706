// Profiles one format's parse of a speed-bar file (bench/speed-bar.bench.ts: tiled mrfixit.iqm at
// ~1 MB or the tiled TF door at ~30 KB, written by meshcodec), default backend, batches of parses
// for some seconds, so that `node --cpu-prof` sees the steady state. Prints the median µs per parse and per copy
// of input + Asset bytes, interleaved.
// Run: node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/parse-profile.ts --format iqm --bar door [--seconds 4] [--backend js]
import { parseArgs } from 'node:util';
import { createKernelsSync } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { assetBytes } from '../test/helpers/fuzz.js';
import { speedBarInput, type SpeedBar } from './speed-bar-input.js';

const { values } = parseArgs({ options: { format: { type: 'string', default: 'iqm' }, bar: { type: 'string', default: 'mrfixit' }, seconds: { type: 'string' }, backend: { type: 'string' } } });
const format = FORMATS.find((f) => f.name === values.format)!;
const { name, files, copies, resolve } = speedBarInput(format, values.bar as SpeedBar);
const size = (list: { bytes: Uint8Array }[]) => list.reduce((n, f) => n + f.bytes.length, 0);
const target = values.bar === 'door' ? 30e3 : 1e6;
const kernels = values.backend ? createKernelsSync(values.backend as 'js') : undefined;
const parse = () => format.parseSync(files[0]!.bytes, { fileName: name, resolve, ...(kernels ? { kernels } : {}) });
const bytes = size(files) + assetBytes(parse());
const from = new Uint8Array(bytes).fill(7);
const to = new Uint8Array(bytes);
const seconds = Number(values.seconds ?? 4);
const inner = target > 1e5 ? 2 : 40;
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
const batch = (f: () => unknown) => {
  const t = performance.now();
  for (let i = 0; i < inner; i++) f();
  return (performance.now() - t) / inner;
};
const copy = () => to.set(from);
const parses: number[] = [];
const copiesMs: number[] = [];
for (const end = performance.now() + 1000; performance.now() < end; ) batch(parse);
for (const end = performance.now() + seconds * 1000; performance.now() < end; ) {
  parses.push(batch(parse));
  copiesMs.push(batch(copy));
}
const [parseMs, copyMs] = [med(parses), med(copiesMs)];
console.log(`${format.name} ${values.bar} ×${copies} ${size(files)} B: parse ${(parseMs * 1000).toFixed(2)} µs, copy ${(copyMs * 1000).toFixed(2)} µs, ÷ copy ${(parseMs / copyMs).toFixed(1)} (median of ${parses.length} rounds)`);
