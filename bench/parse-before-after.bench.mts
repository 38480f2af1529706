// Parse speed of the speed-bar files (bench/speed-bar-input.ts), this tree against another
// (`git worktree add /tmp/p2-before <commit>` with node_modules linked and `npm run build:wasm`
// run there), default backend, interleaved in one process with a copy of input + Asset bytes;
// first checks that both trees give the same Asset, bit for bit.
// Run: tsx bench/parse-before-after.bench.mts DIR [--formats iqm,glb] [--bars mrfixit,door] [--seconds 3]
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
const here = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { formats: { type: 'string', default: 'iqm,glb,gltf,tf,ms2,apg' }, bars: { type: 'string', default: 'mrfixit,door' }, seconds: { type: 'string', default: '3' } } });
const before = positionals[0] ?? '/tmp/p2-before';
const registry = { before: await import(`${before}/bindings/formats/registry.ts`), after: await import(`${here}/bindings/formats/registry.ts`) };
const { speedBarInput, speedBarSource } = await import(`${here}/bench/speed-bar-input.ts`);
const { assetBytes } = await import(`${here}/test/helpers/fuzz.ts`);

/** The Asset with every typed array as its bytes, so that NaN payloads and −0 compare exactly. */
function bits(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return [value.constructor.name, Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')];
  if (Array.isArray(value)) return value.map(bits);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bits(v)]));
  return value;
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
console.log('| format | input | MB | before µs | after µs | copy µs | before ÷ copy | after ÷ copy | speed-up |\n|---|---|---|---|---|---|---|---|---|');
for (const bar of values.bars!.split(',')) {
  const source = speedBarSource(bar);
  for (const name of values.formats!.split(',')) {
    const fmt = (side: 'before' | 'after') => registry[side].FORMATS.find((f: { name: string }) => f.name === name);
    const input = speedBarInput(fmt('after'), bar, source);
    const parse = (side: 'before' | 'after') => () => fmt(side).parseSync(input.files[0].bytes, { fileName: input.name, resolve: input.resolve });
    const [a, b] = [parse('after')(), parse('before')()];
    if (!isDeepStrictEqual(bits(a), bits(b))) throw new Error(`${name} ${bar}: the two trees give different Assets`);
    const n = input.size + assetBytes(a);
    const from = new Uint8Array(n).fill(7);
    const to = new Uint8Array(n);
    const runs: Record<string, () => unknown> = { copy: () => to.set(from), before: parse('before'), after: parse('after') };
    const inner = input.size < 1e5 ? 20 : 2;
    const t: Record<string, number[]> = { copy: [], before: [], after: [] };
    for (const end = performance.now() + 1000; performance.now() < end; ) for (const k in runs) runs[k]!();
    for (const end = performance.now() + Number(values.seconds) * 1000; performance.now() < end; ) {
      for (const k in runs) { const s0 = performance.now(); for (let i = 0; i < inner; i++) runs[k]!(); t[k]!.push((performance.now() - s0) / inner * 1000); }
    }
    const [c, x, y] = [med(t.copy!), med(t.before!), med(t.after!)];
    console.log(`| ${name} | ${bar} ×${input.copies} | ${(input.size / 1e6).toFixed(3)} | ${x.toFixed(1)} | ${y.toFixed(1)} | ${c.toFixed(2)} | ${(x / c).toFixed(1)} | ${(y / c).toFixed(1)} | ${(x / y).toFixed(2)} |`);
  }
}
