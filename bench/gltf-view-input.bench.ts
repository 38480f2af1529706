// The glTF read option viewInput against the default (copying) read, on the speed bar's GLB and
// glTF files (bench/speed-bar-input.ts), default backend, interleaved in one process with a copy
// of input + Asset bytes (the Asset's copying read's, as the speed bar counts it). Checks first
// that both reads give the same Asset, bit for bit. Medians of the rounds.
// Run: npx tsx bench/gltf-view-input.bench.ts [--seconds 3]
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { FORMATS } from '../bindings/formats/registry.js';
import { assetBytes } from '../test/helpers/fuzz.js';
import { speedBarInput, speedBarSource, type SpeedBar } from './speed-bar-input.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '3' } } });
const bits = (value: unknown): unknown => {
  if (ArrayBuffer.isView(value)) return [value.constructor.name, Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')];
  if (Array.isArray(value)) return value.map(bits);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bits(v)]));
  return value;
};
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
console.log('| format | input | MB | copy µs | default µs | viewInput µs | default ÷ copy | viewInput ÷ copy | speed-up |\n|---|---|---|---|---|---|---|---|---|');
for (const bar of ['mrfixit', 'door'] as SpeedBar[]) {
  const source = speedBarSource(bar);
  for (const name of ['glb', 'gltf']) {
    const format = FORMATS.find((f) => f.name === name)!;
    const input = speedBarInput(format, bar, source);
    const parse = (viewInput: boolean) => () => format.parseSync(input.files[0]!.bytes, { fileName: input.name, resolve: input.resolve, ...(viewInput ? { viewInput } : {}) });
    const copied = parse(false)();
    if (!isDeepStrictEqual(bits(copied), bits(parse(true)()))) throw new Error(`${name} ${bar}: viewInput gives another Asset`);
    const n = input.size + assetBytes(copied);
    const from = new Uint8Array(n).fill(7);
    const to = new Uint8Array(n);
    const runs: Record<string, () => unknown> = { copy: () => to.set(from), default: parse(false), viewInput: parse(true) };
    const inner = input.size < 1e5 ? 20 : 2;
    const t: Record<string, number[]> = { copy: [], default: [], viewInput: [] };
    for (const end = performance.now() + 1000; performance.now() < end; ) for (const k in runs) runs[k]!();
    for (const end = performance.now() + Number(values.seconds) * 1000; performance.now() < end; ) {
      for (const k in runs) {
        const s0 = performance.now();
        for (let i = 0; i < inner; i++) runs[k]!();
        t[k]!.push(((performance.now() - s0) / inner) * 1000);
      }
    }
    const [c, d, v] = [med(t.copy!), med(t.default!), med(t.viewInput!)];
    console.log(`| ${name} | ${bar} ×${input.copies} | ${(input.size / 1e6).toFixed(3)} | ${c.toFixed(2)} | ${d.toFixed(1)} | ${v.toFixed(1)} | ${(d / c).toFixed(1)} | ${(v / c).toFixed(1)} | ${(d / v).toFixed(2)} |`);
  }
}
