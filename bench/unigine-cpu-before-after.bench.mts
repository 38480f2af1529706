// UNIGINE parse and encode of the speed-bar files (tiled mrfixit ~1 MB, tiled door ~30 KB), this
// tree against another, default backend, interleaved in one process, timed as the process's CPU
// time (user + system, process.cpuUsage) per call, median of 200 rounds: on a shared machine a
// call preempted by other jobs counts its wall time but not their CPU, so this moves far less
// from run to run than the wall-clock bench/parse-before-after.bench.mts at load 8–12 (its
// speed-ups swung 0.64–1.17 on an unchanged path). GC helper threads count too.
// Run: tsx bench/unigine-cpu-before-after.bench.mts DIR (DIR: `git archive <commit> | tar -x -C DIR`,
// node_modules linked and `npm run build:wasm` run there)
import { fileURLToPath } from 'node:url';
const here = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const roots: Record<string, string> = { before: process.argv[2] ?? '/tmp/uni-before', after: here };
const { FORMATS } = await import(`${here}/bindings/formats/registry.ts`);
const { speedBarInput, speedBarSource } = await import(`${here}/bench/speed-bar-input.ts`);
const { assetBytes } = await import(`${here}/test/helpers/fuzz.ts`);
const uni = FORMATS.find((f: any) => f.name === 'unigine')!;
const out: string[] = [];
for (const bar of ['mrfixit', 'door'] as const) {
  const input = speedBarInput(uni, bar, speedBarSource(bar));
  const bytes = input.files[0]!.bytes;
  const sides: Record<string, () => unknown> = {};
  for (const [k, r] of Object.entries(roots)) {
    const reg = await import(`${r}/bindings/formats/registry.ts`);
    const f = reg.FORMATS.find((x: any) => x.name === 'unigine');
    const asset = f.parseSync(bytes);
    sides[`parse ${k}`] = () => f.parseSync(bytes);
    sides[`encode ${k}`] = () => f.encodeSync(asset);
  }
  // Parses and encodes in loops of their own: the garbage one call leaves is collected in the next.
  for (const w of ['parse', 'encode']) {
    // The copy the speed bar divides by: allocating and copying input + Asset bytes (parse) or Asset + output bytes (encode).
    const asset = uni.parseSync(bytes);
    const from = new Uint8Array(assetBytes(asset) + (w === 'parse' ? bytes.length : uni.encodeSync(asset).length)).fill(7);
    sides[`${w} copy`] = () => { const to = new Uint8Array(from.length); to.set(from); return to; };
    const names = [`${w} before`, `${w} after`, `${w} copy`];
    const t: Record<string, number[]> = Object.fromEntries(names.map((x) => [x, []]));
    const inner = bar === 'door' ? 200 : 5;
    for (let r = 0; r < 200; r++) for (const x of names) { const c0 = process.cpuUsage(); for (let j = 0; j < inner; j++) sides[x]!(); const c = process.cpuUsage(c0); t[x]!.push((c.user + c.system) / inner); }
    const med = (a: number[]) => [...a].sort((p, q) => p - q)[a.length >> 1]!;
    out.push(`| ${bar} ×${input.copies} | ${(bytes.length / 1e6).toFixed(3)} | ${w} | ${med(t[names[0]!]!).toFixed(1)} | ${med(t[names[1]!]!).toFixed(1)} | ${(med(t[names[0]!]!) / med(t[names[1]!]!)).toFixed(2)} | ${(med(t[names[0]!]!) / med(t[names[2]!]!)).toFixed(1)} → ${(med(t[names[1]!]!) / med(t[names[2]!]!)).toFixed(1)} |`);
  }
}
console.log('| input | MB | work | before CPU µs | after CPU µs | speed-up | ÷ copy, before → after |\n|---|---|---|---|---|---|---|\n' + out.join('\n'));
